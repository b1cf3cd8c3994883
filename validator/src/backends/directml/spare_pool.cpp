#include "spare_pool.h"

#include <iostream>

namespace {

double SecondsSince(std::chrono::steady_clock::time_point then) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - then).count();
}

}  // namespace

SparePool::~SparePool() {
  for (Spare& spare : spares_) spare.child->Terminate();
}

bool SparePool::Launch(Spare* spare, std::string* error) {
  spare->child = std::make_unique<IsolatedChild>();
  spare->launched = std::chrono::steady_clock::now();
  return spare->child->Launch(error);
}

void SparePool::Fill() {
  while (static_cast<int>(spares_.size()) < capacity_) {
    Spare spare;
    std::string error;
    if (!Launch(&spare, &error)) {
      // Take starts one cold next time and reports why if that fails too.
      std::cerr << "dmlconf-directml-host: could not launch a spare host: " << error << std::endl;
      return;
    }
    std::cerr << "dmlconf-directml-host: spare host process " << spare.child->process_id()
              << " launched" << std::endl;
    spares_.push_back(std::move(spare));
  }
}

void SparePool::Refill() {
  if (asked_for_) Fill();
}

std::unique_ptr<IsolatedChild> SparePool::Take(std::string* error) {
  if (!asked_for_) {
    // The first isolated case: its process and the next case's spare start together.
    asked_for_ = true;
    Fill();
  }
  while (!spares_.empty()) {
    Spare spare = std::move(spares_.front());
    spares_.pop_front();
    const double age = SecondsSince(spare.launched);
    const auto asked = std::chrono::steady_clock::now();
    std::string why;
    if (!spare.child->Ended() && spare.child->AwaitReady(&why)) {
      std::cerr << "dmlconf-directml-host: isolated process " << spare.child->process_id()
                << " taken (launched " << age << " s before it was asked for, ready "
                << SecondsSince(asked) << " s after)" << std::endl;
      return std::move(spare.child);
    }
    std::cerr << "dmlconf-directml-host: spare host process " << spare.child->process_id()
              << " died before its case; dropped (" << why << ")" << std::endl;
  }
  // None kept (capacity 0), or every spare died: one started cold.
  Spare cold;
  if (!Launch(&cold, error) || !cold.child->AwaitReady(error)) return nullptr;
  std::cerr << "dmlconf-directml-host: isolated process " << cold.child->process_id()
            << " started cold in " << SecondsSince(cold.launched) << " s" << std::endl;
  return std::move(cold.child);
}
