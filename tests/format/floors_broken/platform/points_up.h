// The floors check must fail on this file: platform/ includes run/ (tests/format).
#pragma once
#include "run/judge.h"
