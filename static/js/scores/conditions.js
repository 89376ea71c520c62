// When a hand-form field shows: its conditions (scoring.spec.When, in data-condition) read
// against the values in the form. Pure: the inputs are passed in (the form's own elements in the
// browser, plain objects in the unit tests). Applied to the page by fields.js.
(function (root, make) {
  var mod = make();
  if (typeof module === "object" && module.exports) module.exports = mod;
  else (root.cmScores = root.cmScores || {}).conditions = mod;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  // The value of the inputs of one name: a box ticked or not, the chosen option's value (null
  // when none is chosen), a typed value; "" when the form has no such field.
  function value(inputs) {
    for (var i = 0; i < inputs.length; i++) {
      var el = inputs[i];
      if (el.type === "checkbox") return el.checked;
      if (el.type === "radio") { if (el.checked) return el.value; continue; }
      return el.value;
    }
    return inputs.length && inputs[0].type === "radio" ? null : "";
  }
  // c: {field, among}: the field's value is one of ``among``; an unticked box or no choice
  // counts as false. {field, filled}: the field has a value.
  function holds(c, v) {
    if (c.filled) return v !== "" && v !== null;  // any value chosen or typed
    return c.among.some(function (want) {
      return (want === false && (v === "" || v === null) ? false : v) === want;
    });
  }
  // A block shows when every one of its conditions holds; ``valueOf(name)`` reads a field.
  function shows(conds, valueOf) {
    return conds.every(function (c) { return holds(c, valueOf(c.field)); });
  }
  // data-exclude-by: a side already chosen in one of the form's selects is not offered again.
  function excluded(side, chosen) { return chosen.indexOf(side) !== -1; }

  return {value: value, holds: holds, shows: shows, excluded: excluded};
});
