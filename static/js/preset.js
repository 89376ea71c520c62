// The competition form's "Begin met": picking a preset fills in the
// answers it sets (count, rank by, minimum, periods' count), once, as it is picked. Nothing is
// applied later: the server saves what the page shows. Without this script the "Apply" button
// has the server show the page again, filled in.
"use strict";
(function () {
  const box = document.querySelector("[data-preset-form]");
  const data = document.getElementById("preset-answers");
  if (!box || !data) return;
  const presets = JSON.parse(data.textContent);
  const form = box.closest("form");
  const apply = box.querySelector("[data-preset-apply]");
  if (apply) apply.hidden = true;  // the script fills in as she picks
  function fill(answers) {
    for (const [name, value] of Object.entries(answers)) {
      for (const input of form.querySelectorAll(`[name="${name}"]`)) {
        if (input.type === "radio") input.checked = input.value === String(value);
        else input.value = value === null || value === undefined ? "" : String(value);
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
  }
  box.addEventListener("change", (event) => {
    const input = event.target;
    if (input.name !== "preset" || !input.checked) return;
    if (presets[input.value]) fill(presets[input.value]);
  });
})();
