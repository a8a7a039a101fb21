// rules_model.js — the rules form's arithmetic, without the page: a preset's values, the
// options a table asks for, and which preset a set of values is. `catalogue` is the
// server's `GET /api/rules` (training/server/rules_json.h): every option with its values,
// the server's value and core/RULES.md's default, and the presets over those defaults.

// option name -> the server's value: what the form starts from.
export function serverValues(catalogue) {
  return Object.fromEntries(catalogue.options.map((o) => [o.name, o.value]));
}

// option name -> value under a preset: the defaults, then the preset's options.
export function presetValues(catalogue, name) {
  const preset = catalogue.presets.find((p) => p.name === name);
  if (!preset) throw new Error(`no rule preset named ${name}`);
  return { ...Object.fromEntries(catalogue.options.map((o) => [o.name, o.default])), ...preset.options };
}

// The options whose value differs from the server's: the "rules" of POST /api/tables.
export function changedOptions(catalogue, values) {
  return Object.fromEntries(catalogue.options.filter((o) => values[o.name] !== o.value).map((o) => [o.name, values[o.name]]));
}

// The name of the preset these values are exactly, or null.
export function presetOf(catalogue, values) {
  const same = (a, b) => catalogue.options.every((o) => a[o.name] === b[o.name]);
  const found = catalogue.presets.find((p) => same(presetValues(catalogue, p.name), values));
  return found ? found.name : null;
}
