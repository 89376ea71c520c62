// "Kopieer link" on an evening's results page (templates/tournaments/standings/share.html):
// shown only where the browser can copy (navigator.clipboard); without it the link itself is
// on the page to select and copy by hand.
(function () {
  if (!navigator.clipboard || !window.isSecureContext) return;
  document.querySelectorAll("button.copy-link[data-copy]").forEach(function (button) {
    button.hidden = false;
    var label = button.textContent;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(button.getAttribute("data-copy")).then(function () {
        button.textContent = button.getAttribute("data-copied");
        setTimeout(function () { button.textContent = label; }, 3000);
      }, function () { /* refused: the link stays on the page to copy by hand */ });
    });
  });
})();
