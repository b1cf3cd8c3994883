// Injected by browser_check.sh after the report's own script: measures the laid-out
// page and writes the verdict to <html data-layout="ok ..."> or "FAIL ...", which
// --dump-dom shows (headless Chromium gives no console to read).
//  - the page does not scroll sideways;
//  - in every rendered row of the case table, no cell's drawn content reaches into the
//    next cell's, and no cell, nor a block inside one, holds content wider than its box
//    unless it clips it with an ellipsis and a title (its own or an ancestor's in the
//    cell) holds that content's full text;
//  - no number in any table breaks over two lines;
//  - no matrix table is stretched to a taller neighbour's height.
(function () {
  var problems = [], rows = 0, clipped = 0;
  var root = document.documentElement;
  if (root.scrollWidth > root.clientWidth)
    problems.push('the page scrolls sideways: scrollWidth ' + root.scrollWidth +
                  ' px, clientWidth ' + root.clientWidth + ' px');
  // The horizontal extent of what a cell draws: its content's boxes, cut to the cell
  // when it clips its overflow. null for an empty cell.
  function drawn(cell) {
    var range = document.createRange();
    range.selectNodeContents(cell);
    var content = range.getBoundingClientRect(), box = cell.getBoundingClientRect();
    if (content.width === 0) return null;
    if (getComputedStyle(cell).overflowX === 'visible')
      return {left: content.left, right: content.right};
    return {left: Math.max(content.left, box.left), right: Math.min(content.right, box.right)};
  }
  function where(tr, i) {
    return 'row ' + tr.rowIndex + ' cell ' + (i + 1) + ' (' +
           tr.cells[i].textContent.trim().slice(0, 40) + ')';
  }
  document.querySelectorAll('#cases tbody tr').forEach(function (tr) {
    if (tr.hidden) return;
    rows++;
    var previous = null;
    for (var i = 0; i < tr.cells.length; i++) {
      var cell = tr.cells[i];
      [cell].concat(Array.from(cell.querySelectorAll('div'))).forEach(function (box) {
        if (box.clientWidth === 0 || box.scrollWidth <= box.clientWidth + 1) return;
        var style = getComputedStyle(box), titled = box.closest('[title]');
        if (style.overflowX !== 'hidden' || style.textOverflow !== 'ellipsis')
          problems.push(where(tr, i) + ' overflows its box (' + box.scrollWidth + ' px in ' +
                        box.clientWidth + ') without an ellipsis');
        else if (!titled || !cell.contains(titled) ||
                 titled.title.indexOf(box.textContent.trim()) < 0)
          problems.push(where(tr, i) + ' is cut without its full text in a title');
        else
          clipped++;
      });
      var extent = drawn(cell);
      if (extent && previous && extent.left < previous.right - 0.5)
        problems.push(where(tr, i) + ' is drawn over the cell before it (' +
                      Math.round(previous.right - extent.left) + ' px)');
      if (extent) previous = extent;
    }
  });
  if (rows === 0) problems.push('no row of the case table was rendered');
  // A squeezed table breaks its numbers; none may (summary, kinds, matrix, seconds).
  document.querySelectorAll('td.n').forEach(function (cell) {
    var range = document.createRange();
    range.selectNodeContents(cell);
    if (range.getClientRects().length > 1)
      problems.push('the number ' + cell.textContent + ' breaks over lines');
  });
  // A matrix's rows are as tall as their text: a short operator's table beside a tall
  // one is not stretched to its height (issue 31: DEPTH_TO_SPACE1's rows at GATHER's).
  document.querySelectorAll('.matrix table').forEach(function (table) {
    var rows = Array.from(table.rows), tallest = 0;
    rows.forEach(function (tr) { tallest = Math.max(tallest, tr.getBoundingClientRect().height); });
    var first = rows.length ? rows[0].getBoundingClientRect().height : 0;
    if (rows.length && tallest > 2 * first + 1)
      problems.push('a matrix row is ' + Math.round(tallest) + ' px tall, its header ' +
                    Math.round(first) + ' px: the table is stretched');
  });
  root.dataset.layout = problems.length
      ? 'FAIL ' + problems.length + ' problems: ' + problems.slice(0, 5).join(' | ')
      : 'ok ' + rows + ' rows, ' + clipped + ' cells ellipsised, page ' + root.scrollWidth +
        ' px wide in ' + root.clientWidth;
})();
