// A form with data-confirm asks before it is sent (closing an evening, drawing the next round
// while tables still play, redrawing, deleting a hand). Without JavaScript the form is sent as
// is; every one of these can be undone or is refused when it would lose scores.
document.addEventListener("submit", function (e) {
  var message = e.target.getAttribute && e.target.getAttribute("data-confirm");
  if (message && !window.confirm(message)) e.preventDefault();
});
