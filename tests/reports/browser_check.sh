#!/bin/sh
# The HTML report in a real browser: Debian's headless Chromium opens a
# generated 20,000-verdict report, and the rendered DOM must show the claims,
# the matrix, the kind groups and the filters, with the page's script run
# through (data-ready). The render time (data-render-ms, from navigation start)
# is printed and kept in OUT_DIR/render_ms.txt as a figure, never checked
# against a limit: a loaded CI machine takes several times a quiet one's.
# In a 1280 px window, with the failing rows and with the collapsed ones
# rendered, layout_check.js (injected after the page's own script) measures the
# element boxes: no sideways scroll, no case-table cell drawn over its
# neighbour, and text wider than its column ellipsised with a title.
#   browser_check.sh CHROMIUM BIG_REPORT OUT_DIR
set -u
chromium=$1 generate=$2 out=$3
here=$(dirname "$0")
rm -rf "$out" && mkdir -p "$out" || exit 1
"$generate" "$out" 20000 || exit 1
fail() { echo "FAIL: $*"; exit 1; }
# report.html with the layout check appended to its body.
tail -c 15 "$out/report.html" | grep -q '</body></html>' || fail "report.html does not end in </body></html>"
{ sed 's#</body></html>$##' "$out/report.html"; printf '<script>\n'; cat "$here/layout_check.js"
  printf '</script></body></html>\n'; } > "$out/report_check.html" || fail "cannot write report_check.html"
layout() {  # dumped DOM: its data-layout verdict must be ok
  verdict=$(sed -n 's/.*<html[^>]* data-layout="\([^"]*\)".*/\1/p' "$1" | head -1)
  [ -n "$verdict" ] || fail "layout_check.js left no verdict in $1"
  case $verdict in ok*) echo "layout ($2): $verdict" ;; *) fail "layout ($2): $verdict" ;; esac
}
browse() {  # extra flags...: one Chromium run with a fresh profile
  profile=$(mktemp -d)
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --user-data-dir="$profile" \
    --enable-logging=stderr --v=0 "$@"
  rc=$?
  rm -rf "$profile"
  return $rc
}
browse --dump-dom --window-size=1280,3200 "file://$out/report_check.html" > "$out/dom.html" \
  2> "$out/chromium.log" || fail "chromium exited $?"
# The screenshot is kept as the test's artefact, beside the DOM.
browse --screenshot="$out/report.png" --window-size=1280,3200 "file://$out/report.html" > /dev/null 2>> "$out/chromium.log"
[ -s "$out/report.png" ] || fail "no screenshot"

dom=$out/dom.html
# A script that throws never sets data-ready; Chromium logs the exception.
grep -q 'Uncaught' "$out/chromium.log" && fail "a script threw: $(grep Uncaught "$out/chromium.log" | head -1)"
grep -q 'data-ready="1"' "$dom" || fail "the page's script did not run through"
ms=$(sed -n 's/.*data-render-ms="\([0-9]*\)".*/\1/p' "$dom" | head -1)
[ -n "$ms" ] || fail "no render time"
echo "$ms" > "$out/render_ms.txt"
[ "$(wc -c < "$dom")" -gt 10000 ] || fail "the page rendered (almost) empty"
for needle in 'id="claims"' 'conforms at 6_4' 'no claim' 'id="matrix"' 'class="n m-failed"' \
              'id="kind-groups"' 'accepted an invalid descriptor' 'wrong values' 'crash' \
              'id="fv"' 'id="fk"' 'id="fo"' 'id="fl"' 'id="fb"' 'id="ft"' 'id="fp"' \
              'id="collapsed"'; do
  grep -q -- "$needle" "$dom" || fail "the rendered DOM has no $needle"
done
# The failing rows are rendered, the passing ones collapsed (not in the DOM as rows).
failing=$(grep -o '<tr data-v="failed"' "$dom" | wc -l)
passing=$(grep -o '<tr data-v="passed"' "$dom" | wc -l)
[ "$failing" -gt 0 ] || fail "no failing row rendered"
[ "$passing" -eq 0 ] || fail "$passing passing rows rendered before being asked for"
layout "$dom" "failing rows"
# Asked for (#passed ticks the box), the collapsed rows come from the JSON,
# 500 at a time.
browse --dump-dom --window-size=1280,3200 "file://$out/report_check.html#passed" \
  > "$out/dom_passed.html" 2>> "$out/chromium.log" || fail "chromium exited $? on #passed"
lazy=$(grep -o '<tr class="lazy"' "$out/dom_passed.html" | wc -l)
[ "$lazy" -eq 500 ] || fail "$lazy collapsed rows rendered on demand, wanted the first 500"
grep -q 'more match' "$out/dom_passed.html" || fail "no 'more match' count for the rest"
layout "$out/dom_passed.html" "collapsed rows shown"
echo "ok: 20000 verdicts rendered in $ms ms; $failing failing rows; screenshot $out/report.png"
