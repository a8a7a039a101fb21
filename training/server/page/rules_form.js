// rules_form.js — the lobby's rules form (core/RULES.md "Rule options" and "Rule
// presets"): a preset list and one field per option, both from the server's catalogue.
// The form starts at the server's rules; choosing a preset sets every field, changing a
// field shows which preset (if any) the rules now are. rules() gives what differs from the
// server's rules, for POST /api/tables.
import { element } from "./board_view.js";
import { changedOptions, presetOf, presetValues, serverValues } from "./rules_model.js";

export function rulesForm(catalogue) {
  let values = serverValues(catalogue);
  const summary = element("summary");
  const about = element("span", { class: "about" });  // where the chosen preset is played
  const preset = element("select", { name: "preset", "data-preset": "" });
  preset.append(element("option", { value: "" }, "(other)"));
  for (const p of catalogue.presets) preset.append(element("option", { value: p.name, title: p.about }, p.name));
  const fields = {};
  const grid = element("div", { class: "rules" });
  for (const option of catalogue.options) {
    const field = option.values
      ? element("select", { name: option.name })
      : element("input", { name: option.name, type: "number", min: "1", max: "100000", size: "6" });
    for (const v of option.values || []) field.append(element("option", { value: v }, v));
    field.onchange = () => { values = { ...values, [option.name]: field.value }; show(); };
    fields[option.name] = field;
    const label = element("label", {}, option.name + " ");
    label.append(field);
    grid.append(label);
  }
  const show = () => {
    for (const [name, field] of Object.entries(fields)) field.value = values[name];
    const name = presetOf(catalogue, values);
    preset.value = name || "";
    about.textContent = name ? " " + catalogue.presets.find((p) => p.name === name).about : "";
    const changed = Object.keys(changedOptions(catalogue, values)).length;
    summary.textContent = `Rules: ${name || "other"}` + (changed ? ` (${changed} changed from this server's)` : "");
  };
  preset.onchange = () => { if (preset.value) { values = presetValues(catalogue, preset.value); show(); } };
  const presetLabel = element("label", {}, "Preset ");
  presetLabel.append(preset);
  const details = element("details");
  details.append(summary, presetLabel, about, grid);
  show();
  return { element: details, rules: () => changedOptions(catalogue, values) };
}
