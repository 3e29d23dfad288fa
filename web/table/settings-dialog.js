// The settings dialog: the computer players' levels, the rules (a preset or
// each field, from the engine's rules_info), the language, the speed, four
// colours, open hands (practice) and internet play (the player's STUN/TURN servers,
// checked line by line by servers.js's iceServersFrom: a bad line refuses the whole form).
// The form is painted from the state once each time the dialog opens (then it
// is the player's to edit); its markup is web/table/dialog-markup.js's settingsHTML.
//
// Saving never discards a game in progress unasked: new rules are checked by
// the engine, then the player chooses between keeping the game (the rules apply
// from the next game) and a new game with them now. With no game in progress
// (none played yet, or the game is over) the new game starts at once. Levels
// apply at once (set_levels), the game kept; so do open hands (set_open_hands), which
// the form refuses for several people at this device or with guests seated (nothing
// changes), and the deal of the day before its first hand is over refuses in the
// notice bar (the setting is kept, and applies when that hand ends).

import { engine } from "../engine/start.js";
import { addOfflineStatus } from "../pwa/pwa.js";
import { errorText } from "../shared/i18n-terms.js";
import { t } from "../shared/i18n.js";
import { iceServersFrom } from "../together/servers.js";
import { addPainter, openDialog } from "./dialog-shell.js";
import { escapeHTML } from "../shared/html.js";
import { $ } from "./dom.js";
import { chooseLanguage } from "./language.js";
import { freshMarks, openAllowed, openWanted } from "./open-hands.js";
import { fieldLabels, internetNote, readRules, sameRules, settingsHTML } from "./dialog-markup.js";
import { HUMAN, saveSettings } from "./settings.js";
import { flush, notice, state, update } from "./state.js";
import { applyOpenHands, beginGame, newGameRequest, runBots, setGame } from "./game-flow.js";
import { once } from "./once.js";

const dialog = $("#settings-dialog");
const form = $("#settings-form");

export async function showSettings() {
  install();
  if (!engine || !state.game) {
    update({ settingsForm: { info: null }, settingsError: "" });
  } else {
    const info = await engine.call("rules_info");
    const { settings } = state;
    const custom = typeof settings.rules === "object" && settings.rules && !settings.rules.preset;
    const current = custom
      ? { ...state.game.view.rules, ...settings.rules }
      : (presetRules(info, settings.rules) ?? state.game.view.rules);
    update({ rulesInfo: info, settingsForm: { info, current }, settingsError: "" });
  }
  openDialog(dialog);
}

function presetRules(info, rules) {
  const name = typeof rules === "string" ? rules : rules?.preset;
  const preset = info.presets.find((p) => p.name === name);
  if (!preset) return null;
  const extra = typeof rules === "object" ? { ...rules } : {};
  delete extra.preset;
  return { ...preset.rules, ...extra };
}

let paintedForm = null;
let paintedError = "";

/** Paint the form when the dialog has been opened anew (on every render: dialog-shell.js paintDialogs). */
function paintSettingsForm(state) {
  const part = state.settingsForm;
  if (part && part !== paintedForm) {
    paintedForm = part;
    paintedError = "";
    if (!part.info) {
      form.innerHTML = `<p>${escapeHTML(t("settings.unavailable"))}</p>
      <div class="buttons"><button type="button" data-action="cancel" class="primary">${escapeHTML(t("dialog.close"))}</button></div>`;
    } else {
      // a guest's seat as the game has it (a person, the guest's), not the stored
      // computer level; every other seat the choice for this visit, as before
      const remote = state.game?.remote ?? [];
      const levels = state.settings.levels.map((lv, s) => (remote.includes(s) ? state.game.levels[s] : lv));
      form.innerHTML = settingsHTML({ ...state.settings, levels }, part.info, part.current);
      syncPreset(part.info);
    }
    addOfflineStatus(form);
  }
  const error = state.settingsError ?? "";
  if (error !== paintedError) {
    paintedError = error;
    const box = $("#settings-error", form);
    if (box) box.textContent = error;
  }
}

/** The preset select follows the fields: the preset they match, else "custom". */
function syncPreset(info) {
  const rules = readRules(form, info);
  const match = info.presets.find((p) => sameRules(p.rules, rules));
  form.querySelector("[data-preset]").value = match ? match.name : "";
}

function onFormChange(e) {
  if (e.target.matches("[data-internet-play]")) {
    form.querySelector("[data-internet-servers-field]").hidden = !e.target.checked;
    return;
  }
  const info = state.rulesInfo;
  if (!info) return;
  if (e.target.matches("[data-preset]")) {
    const preset = info.presets.find((p) => p.name === e.target.value);
    if (preset) {
      for (const f of info.fields) {
        const el = form.querySelector(`[data-rule="${f.name}"]`);
        if (f.type === "bool") el.checked = preset.rules[f.name];
        else el.value = preset.rules[f.name];
      }
    }
  } else if (e.target.matches("[data-rule]")) {
    syncPreset(info);
  }
}

// the privacy note names the servers as they are typed
function onFormInput(e) {
  if (!e.target.matches("[data-internet-servers]")) return;
  const note = form.querySelector("[data-internet-note]");
  const text = internetNote(e.target.value);
  if (note.textContent !== text) note.textContent = text;
}

/** A line of the servers' text as a refusal quotes it: short. */
function quotedLine(text) {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/**
 * Internet play as the form has it: `{internetPlay, internetServers}`, or
 * `{error}` (words naming the line at fault) when the servers are refused.
 */
function readInternet() {
  const internetPlay = form.querySelector("[data-internet-play]").checked;
  const text = form.querySelector("[data-internet-servers]").value;
  let servers;
  try {
    servers = iceServersFrom(text);
  } catch (err) {
    // the line named is shown, even if internet play was turned off after it was written
    form.querySelector("[data-internet-servers-field]").hidden = false;
    const params = { ...err.params, text: quotedLine(err.params?.text ?? "") };
    const code = ["not_a_server", "turn_needs_user", "too_many_servers"].includes(err.code) ? err.code : "not_a_server";
    return { error: t(`settings.internet.error.${code}`, params) };
  }
  if (internetPlay && !servers.length) return { error: t("settings.internet.error.none") };
  return { internetPlay, internetServers: text.trim() };
}

async function onFormClick(e) {
  const button = e.target.closest("button[data-action]");
  if (!button) return;
  if (button.dataset.action === "cancel") {
    dialog.close();
    return;
  }
  if (button.dataset.action !== "save") return;
  const saving = save();
  flush(); // the player's choice is painted at once (input.js)
  await saving;
}

/** Whether a game is in progress: one that asking for new rules could discard. */
function inProgress(game) {
  return game.view.phase !== "game_over" && game.actions > 0;
}

/** The engine's verdict on rules (rules_info checks them as new_game would; the
 * game stays): resolves, or rejects with the engine's error. */
async function checkRules(rules) {
  await engine.call("rules_info", { rules });
}

/** Why rules were refused, in the form (the fields named as the form names them). */
function refuse(err, info, previous) {
  const fields = fieldLabels(err.message ?? "", info);
  const message = errorText(err);
  update({
    settings: { ...state.settings, rules: previous },
    settingsError: fields.length ? t("settings.bad_field", { message, fields: fields.join(", ") }) : message,
  });
}

async function save() {
  const info = state.rulesInfo;
  const game = state.game;
  // bad servers refuse the whole form: nothing is stored, nothing changes
  const internet = readInternet();
  if (internet.error) {
    update({ settingsError: internet.error });
    return;
  }
  const levels = [HUMAN, ...[1, 2, 3].map((s) => form.querySelector(`[data-level-seat="${s}"]`).value)];
  const openHands = form.querySelector("[data-open-hands]").checked;
  // open hands for one person alone: turning them on with guests seated, or choosing
  // several people here while they are on, is refused (open hands already on with
  // guests seated stay on in the settings, unapplied, for the next game alone)
  const remote = game.remote ?? [];
  const levelsChosen = levels.some((lv, i) => lv !== state.settings.levels[i]);
  if (openHands && !openAllowed(levels, remote) && (!state.settings.openHands || levelsChosen)) {
    update({ settingsError: remote.length ? errorText({ code: "open_hands_guests" }) : t("settings.open_hands.people") });
    return;
  }
  const rules = readRules(form, info);
  const preset = form.querySelector("[data-preset]").value;
  // the language, only if the player changed it (a ?lang= link is not overridden unasked)
  const languageSelect = form.querySelector("[data-language-select]");
  const chosenLanguage = languageSelect && languageSelect.value !== languageSelect.dataset.initial ? languageSelect.value : null;
  // new rules: unlike the game's, and changed in this form (rules already chosen
  // for the next game are not asked about again)
  const newRulesChosen = !sameRules(rules, game.view.rules) && !sameRules(rules, state.settingsForm.current);
  const levelsChanged = levels.some((lv, i) => lv !== game.levels[i]);
  const newRules = preset ? preset : rules;
  const previous = state.settings.rules;
  update({
    settings: {
      ...state.settings,
      speed: form.querySelector("[data-speed-select]").value || null,
      fourColour: form.querySelector("[data-four-colour]").checked,
      openHands,
      internetPlay: internet.internetPlay,
      internetServers: internet.internetServers,
      // a guest's seat is the guest's for this game only: the stored choice stays
      levels: levels.map((lv, s) => (remote.includes(s) && lv === HUMAN ? state.settings.levels[s] : lv)),
      rules: newRules,
    },
  });
  if (newRulesChosen && inProgress(game)) {
    try {
      await checkRules(newRules);
    } catch (err) {
      refuse(err, info, previous);
      return;
    }
    saveSettings(state.settings, { chosen: true });
    dialog.close();
    await chooseLanguage(chosenLanguage);
    // the safe choice is the default (Escape, or the focused button): keep the game
    if ((await openDialog($("#rules-confirm-dialog"))) !== "now") {
      notice(t("notice.rules_next", { rules: rulesName(newRules) }));
      await applyLevels(levelsChanged, levels);
      return;
    }
    await newRulesGame(newRules, levels, info, previous);
    return;
  }
  if (newRulesChosen) {
    await newRulesGame(newRules, levels, info, previous, chosenLanguage);
    return;
  }
  saveSettings(state.settings, { chosen: true });
  const held = holdWhileApplying(levelsChanged, levels); // before the dialog closes on the table
  dialog.close();
  try {
    await chooseLanguage(chosenLanguage);
  } finally {
    // (a language that could not be loaded leaves the levels to apply all the same,
    // and the table's wait to end)
    await applyLevels(levelsChanged, levels, held);
  }
}

/** Whether applying `levels` (`changed`: unlike the game's) and the open hands setting
 * changes the game: the table then waits (busy) until the engine has taken them, so
 * that it paints no turn from the game as it was (with a second person now at the
 * device, the pass screen comes first). Not when the computer players are moving:
 * their loop takes the new levels. */
function holdWhileApplying(changed, levels) {
  const game = state.game;
  if (!game || state.busy) return false;
  const openChange = openWanted(levels, game.remote ?? []) !== (game.open_hands === true);
  if (!changed && !openChange) return false;
  update({ busy: true, interruptible: false });
  return true;
}

/** New levels for the computer players, at once, and open hands as now chosen: the
 * game goes on (open hands off before new levels, on after them). `held`: the table
 * was made to wait for them (holdWhileApplying); it waits no longer after. */
async function applyLevels(changed, levels, held = holdWhileApplying(changed, levels)) {
  if (!state.game) return;
  const gen = state.generation;
  try {
    if (!state.settings.openHands) await applyOpenHands();
    if (changed) {
      try {
        setGame(await engine.call("set_levels", { levels }));
      } catch (err) {
        // refused (the deal of the day keeps its players until its first hand is over):
        // told; the game goes on as it was, the settings keep the choice for the next game
        notice(errorText(err), "error");
      }
    }
    if (state.settings.openHands) await applyOpenHands();
  } finally {
    // (a new game meanwhile has the table: its own flow ends the wait)
    if (held && gen === state.generation) update({ busy: false });
  }
  if (changed && !state.busy && gen === state.generation) await runBots();
}

/** The name a player knows a rule set by (`rules`: a preset's name, or rules of one's
 * own: "Custom"), the same as the settings' list and the rules page. */
function rulesName(rules) {
  return typeof rules === "string" ? t(`settings.preset.${rules}`) : t("settings.custom");
}

/** A new game with the new rules (from the settings form, or after the player chose it);
 * the notice bar says so, naming them. */
async function newRulesGame(rules, levels, info, previous, chosenLanguage = null) {
  try {
    update({ generation: state.generation + 1 });
    const next = await engine.call("new_game", newGameRequest(rules, levels));
    dialog.close();
    saveSettings(state.settings, { chosen: true });
    beginGame(next, freshMarks());
    await chooseLanguage(chosenLanguage);
    notice(t("notice.new_rules", { rules: rulesName(rules) }));
    await runBots();
  } catch (err) {
    if (dialog.open) refuse(err, info, previous);
    else notice(errorText(err), "error");
    // the game stays: its computer players go on (their pacing stopped with the new generation)
    update({ busy: false, interruptible: false });
    runBots();
  }
}

/** What this module adds to the page (its painters and listeners), on its first use:
 * importing the module does nothing. */
const install = once(() => {
  addPainter(paintSettingsForm);
  form.addEventListener("change", onFormChange);
  form.addEventListener("input", onFormInput);
  form.addEventListener("click", onFormClick);
});
