// The page to create a table: the form, POST /api/tables, then every seat's link with a QR code.
// User text goes into the page only through textContent (the h() helper); no innerHTML anywhere.
// Interface text goes through t() (i18n.js), in the language chosen on this device.

import { setName } from "./cardtext.js";
import { deckBar, saveDeck, sharedDeck } from "./decks.js";
import { copyText, h, loadJSON, qrCode, registerServiceWorker, saveJSON, shareButton } from "./dom.js";
import { N_, houseRules, languageMenu, messageText, onLanguage, startLanguage, t } from "./i18n.js";

const TABLES_KEY = "planechase:tables";
const MAX_PLAYERS = 32;
const MIN_PLAYERS = 2;

const VARIANT_NOTES = {
  free_for_all: N_("Everyone for themselves (806). Two players make an ordinary two-player game."),
  two_headed_giant: N_(
    "Two teams that share turns and a life total (810). Teams sit together as listed: the first players are the first team.",
  ),
  emperor: N_(
    "Teams with an emperor in the middle and generals on the sides (809). Teams sit together as listed; the team size is usually 3.",
  ),
  grand_melee: N_("Ten or more players, several turns at once with turn markers (807)."),
};

const $ = (id) => document.getElementById(id);

/** A button copying `text` to the clipboard (copyText in dom.js falls back where the Clipboard API is missing). */
function copyButton(text) {
  const button = h("button", { type: "button", class: "small" }, t("Copy"));
  button.addEventListener("click", async () => {
    const ok = await copyText(text);
    button.textContent = ok ? t("Copied") : t("Copy failed");
    setTimeout(() => (button.textContent = t("Copy")), 1600);
  });
  return button;
}

function qrImage(link, label) {
  return qrCode(link, { alt: t("QR code: {label}", { label }) });
}

// ---------------------------------------------------------------- players

const players = $("players");

function playerNames() {
  return [...players.querySelectorAll("input[data-testid='player-name']")].map((input) => input.value.trim() || input.placeholder);
}

function renumberPlayers() {
  const rows = [...players.children];
  rows.forEach((row, i) => {
    row.querySelector(".num").textContent = `${i + 1}.`;
    const input = row.querySelector("input");
    // A player left unnamed is called by the placeholder, which is sent to the server in the chosen language.
    input.placeholder = t("Player {n}", { n: i + 1 });
    input.setAttribute("aria-label", t("Player {n}'s name", { n: i + 1 }));
    row.querySelector("button").setAttribute("aria-label", t("Remove this player"));
    row.querySelector("button").disabled = rows.length <= MIN_PLAYERS;
  });
  $("add-player").disabled = rows.length >= MAX_PLAYERS;
  syncPlayerLists();
}

function addPlayer(name = "") {
  const input = h("input", { "data-testid": "player-name", maxlength: 40, autocomplete: "off", value: name });
  input.addEventListener("input", syncPlayerLists);
  const remove = h("button", { type: "button", class: "small", "data-testid": "remove-player", "aria-label": t("Remove this player") }, "✕");
  const row = h("div", { class: "player-row" }, h("span", { class: "num" }), input, remove);
  // Each player's pasted deck list belongs to their row, so removing a player keeps the others' lists.
  const area = h("textarea", { placeholder: "1 Naar Isle\n1 Sokenzan\n…" });
  deckAreas.set(row, { label: h("label"), area, bar: deckBar(area, deckAreas.size) });
  remove.addEventListener("click", () => {
    if (players.children.length > MIN_PLAYERS) {
      deckAreas.delete(row);
      row.remove();
      renumberPlayers();
    }
  });
  players.append(row);
  renumberPlayers();
  return input;
}

$("add-player").addEventListener("click", () => addPlayer().focus());

// The pasted deck lists (one per player) and the starting-player choice follow the players list.
const deckAreas = new Map();

function syncPlayerLists() {
  const names = playerNames();
  const rows = [...players.children];
  $("pasted-box").replaceChildren(
    ...rows.flatMap((row, i) => {
      const { label, area, bar } = deckAreas.get(row);
      area.id = `deck-${i}`;
      area.dataset.testid = `deck-list-${i}`;
      label.htmlFor = area.id;
      label.textContent = t("{player}'s planar deck", { player: names[i] });
      if (bar.dataset.index !== String(i)) {
        bar.dataset.index = String(i);
        bar.redraw();
      }
      return [label, area, bar];
    }),
  );
  const select = $("starting-player");
  const chosen = select.value;
  select.replaceChildren(
    h("option", { value: "" }, t("Chosen at random")),
    ...names.map((name, i) => h("option", { value: String(i) }, `${i + 1}. ${name}`)),
  );
  if (chosen !== "" && Number(chosen) < names.length) select.value = chosen;
}

// ---------------------------------------------------------------- variant, decks, map

function variantChanged() {
  const variant = $("variant").value;
  const teams = variant === "two_headed_giant" || variant === "emperor";
  $("team-size-field").hidden = !teams;
  if (teams && !$("team-size").dataset.touched) $("team-size").value = variant === "emperor" ? "3" : "2";
  $("variant-note").textContent = VARIANT_NOTES[variant] ? t(VARIANT_NOTES[variant]) : "";
  if (variant === "grand_melee") while (players.children.length < 10) addPlayer();
  if (variant === "emperor" && players.children.length < 6) while (players.children.length < 6) addPlayer();
  if (variant === "two_headed_giant" && players.children.length < 4) while (players.children.length < 4) addPlayer();
}
$("variant").addEventListener("change", variantChanged);
$("team-size").addEventListener("input", () => ($("team-size").dataset.touched = "1"));

function decksMode() {
  const checked = document.querySelector("input[name='decks']:checked");
  return checked ? checked.value : "random";
}

function decksChanged() {
  const mode = decksMode();
  $("random-box").hidden = !mode.startsWith("random");
  $("pasted-box").hidden = mode !== "pasted";
  $("shared-box").hidden = mode !== "pasted_shared";
}
document.querySelectorAll("input[name='decks']").forEach((radio) => radio.addEventListener("change", decksChanged));

const profiles = new Map();

function planechaseChanged() {
  const on = $("planechase").checked;
  $("map-options").disabled = !on;
  $("map-options").hidden = !on;
  // With the Eternities Map the map's one deck is used, so the deck choice does not apply.
  $("deck-options").hidden = !on || Boolean($("profile").value);
}
$("planechase").addEventListener("change", planechaseChanged);

/** A map profile as the menu offers it: its name (spaces for underscores) and what it is, in the chosen language. */
function profileLabel(profile) {
  return `${profile.profile.replaceAll("_", " ")}: ${messageText(profile.summary_text, profile.summary)}`;
}

function profileChanged() {
  const chosen = profiles.get($("profile").value);
  $("profile-summary").textContent = chosen ? "" : t("Off: each player plays their own planar deck (or a shared one).");
  const lines = chosen ? houseRules(chosen.rules, chosen.rules_texts) : [];
  $("profile-info").replaceChildren(...lines.map(([line, lang]) => h("li", { lang }, line)));
  planechaseChanged();
}
$("profile").addEventListener("change", profileChanged);

async function loadSets() {
  const box = $("sets");
  try {
    const response = await fetch("/api/sets");
    const sets = await response.json();
    box.replaceChildren(
      ...sets.map((code) =>
        h("label", { class: "choice" }, h("input", { type: "checkbox", value: code, checked: true, "data-testid": "set" }), setName(code)),
      ),
    );
  } catch {
    box.replaceChildren(h("span", { class: "error" }, t("The sets could not be loaded; random decks use every set.")));
  }
}

async function loadProfiles() {
  try {
    const response = await fetch("/api/profiles");
    const list = await response.json();
    for (const profile of list) {
      profiles.set(profile.profile, profile);
      $("profile").append(h("option", { value: profile.profile }, profileLabel(profile)));
    }
  } catch {
    /* no profiles: the map stays off */
  }
  profileChanged();
}

// ---------------------------------------------------------------- the form

function buildForm() {
  const form = { name: $("name").value.trim(), players: playerNames(), variant: $("variant").value };
  if ($("card-art").checked) form.card_art = true;
  if (!$("team-size-field").hidden) form.team_size = Number($("team-size").value);
  if (!$("planechase").checked) {
    form.planechase = false;
  } else if ($("profile").value) {
    form.eternities_map = $("profile").value;
  } else {
    const mode = decksMode();
    form.decks = mode;
    if (mode.startsWith("random")) {
      const boxes = [...document.querySelectorAll("#sets input[type='checkbox']")];
      const chosen = boxes.filter((box) => box.checked).map((box) => box.value);
      if (boxes.length && !chosen.length) throw new Error(t("Choose at least one set for random decks."));
      if (chosen.length < boxes.length) form.sets = chosen;
      // The deck filters (planechase.cards.filters): only the planes for remote play, for Commander games.
      const filters = [...document.querySelectorAll("#filters input[name='filter']:checked")].map((box) => box.value);
      if (filters.length) form.filters = filters;
      const exclude = $("exclude").value.split(",").map((name) => name.trim()).filter(Boolean);
      if (exclude.length) form.exclude = exclude;
    } else if (mode === "pasted") {
      form.deck_lists = [...document.querySelectorAll("#pasted-box textarea")].map((area) => area.value);
    } else {
      form.shared_deck_list = $("shared-list").value;
    }
  }
  const seed = $("seed").value.trim();
  if (seed !== "") {
    if (!/^\d+$/.test(seed)) throw new Error(t("The seed must be a whole number from 0."));
    form.seed = Number(seed);
  }
  if ($("starting-player").value !== "") form.starting_player = Number($("starting-player").value);
  if ($("random-seating").checked) form.random_seating = true;
  if (form.variant === "free_for_all") {
    if ($("range").value.trim() !== "") form.range_of_influence = Number($("range").value);
    if ($("attack").value) form.attack = $("attack").value;
  }
  return form;
}

$("create-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = $("form-error");
  error.textContent = "";
  let form;
  try {
    form = buildForm();
  } catch (exc) {
    error.textContent = exc.message;
    return;
  }
  const button = $("create");
  button.disabled = true;
  button.textContent = t("Creating…");
  try {
    const response = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(form),
    });
    let body = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    if (response.status === 201 && body) {
      remember(body, form);
      showCreated(body, form);
    } else {
      showProblems(error, body, response.status);
    }
  } catch {
    error.textContent = t("The server could not be reached. Is it still running?");
  } finally {
    button.disabled = false;
    button.textContent = t("Create the table");
  }
});

/** A refused form: the server's sentence, and every problem of the pasted deck lists (each with its line). */
function showProblems(box, body, status) {
  const headline = (body && messageText(body.text, body.error)) || t("The table could not be created (HTTP {status}).", { status });
  const issues = body && Array.isArray(body.issues) && body.issues.length > 1 ? body.issues : [];
  box.replaceChildren(h("p", {}, headline));
  if (issues.length) {
    box.append(h("ul", { class: "form-issues", "data-testid": "form-issues" }, ...issues.map((text) => h("li", {}, messageText(text, "")))));
  }
}

// ---------------------------------------------------------------- the created table

function tokenOf(url) {
  const hash = url.split("#")[1] || "";
  return new URLSearchParams(hash).get("t");
}

function linkCard(label, url, testid) {
  return h(
    "li",
    { class: "link-card" },
    h("span", { class: "who" }, label),
    qrImage(url, label),
    h("a", { href: url, "data-testid": testid, target: "_blank", rel: "noopener" }, url),
    h("div", { class: "row" }, copyButton(url), shareButton(url, t("Share"), label, `share-${testid}`)),
  );
}

let created = null; // the table shown as created, drawn again when the language changes

function showCreated(body, form) {
  created = { body, form };
  $("create-form").hidden = true;
  $("created").hidden = false;
  renderCreated();
  $("created").scrollIntoView({ behavior: "smooth", block: "start" });
  renderTables();
}

function renderCreated() {
  if (!created) return;
  const { body, form } = created;
  $("created-name").textContent = body.name || form.name || t("Table {id}", { id: body.id });
  // The server sends the seed only when the creator chose it.
  $("created-seed").textContent = body.seed === undefined ? t("table {id}", { id: body.id }) : t("table {id} · seed {seed}", { id: body.id, seed: body.seed });
  const rules = houseRules(body.house_rules, body.house_rule_texts);
  $("created-rules").replaceChildren(
    ...(rules.length
      ? [h("h2", {}, t("House rules")), h("ul", { class: "house-rules" }, ...rules.map(([line, lang]) => h("li", { lang }, line)))]
      : []),
  );
  // How pasted lists were read: the cards left out of a whole deck list, a planar card found among others.
  const notes = Array.isArray(body.deck_notes) ? body.deck_notes : [];
  $("created-deck-notes").replaceChildren(
    ...(notes.length
      ? [h("h2", {}, t("How the deck lists were read")), h("ul", { class: "deck-notes", "data-testid": "deck-notes" }, ...notes.map((note) => h("li", {}, messageText(note, ""))))]
      : []),
  );
  $("open-creator").href = body.creator_url;
  const page = body.creator_url.split("#")[0];
  const all = body.seats.map((seat) => `t=${encodeURIComponent(tokenOf(seat.url))}`).join("&");
  $("open-all").href = `${page}#${all}`;
  $("seat-links").replaceChildren(
    ...body.seats.map((seat) => linkCard(`${seat.seat + 1}. ${seat.name}`, seat.url, `seat-link-${seat.seat}`)),
  );
  $("watch-links").replaceChildren(
    linkCard(t("Spectator (watch)"), body.spectator_url, "spectator-link"),
    linkCard(t("Display (TV: planes and log, large)"), body.display_url, "display-link"),
  );
}

$("create-another").addEventListener("click", () => {
  created = null;
  $("created").hidden = true;
  $("create-form").hidden = false;
  $("create-form").scrollIntoView({ behavior: "smooth" });
});

// ---------------------------------------------------------------- your tables (localStorage)

function remember(body, form) {
  const tables = loadJSON(TABLES_KEY, []).filter((saved) => saved && saved.id !== body.id);
  tables.unshift({
    id: body.id,
    name: body.name || form.name || "",
    creator_url: body.creator_url,
    players: body.seats.map((seat) => seat.name),
    created: Date.now(),
  });
  saveJSON(TABLES_KEY, tables.slice(0, 50));
}

function renderTables() {
  const tables = loadJSON(TABLES_KEY, []).filter((saved) => saved && typeof saved.id === "string" && typeof saved.creator_url === "string");
  $("your-tables").hidden = tables.length === 0;
  $("tables-list").replaceChildren(
    ...tables.map((table) => {
      const when = table.created ? new Date(table.created).toLocaleString() : "";
      const forget = h("button", { type: "button", class: "small", "aria-label": t("Forget table {id}", { id: table.id }) }, t("Forget"));
      forget.addEventListener("click", () => {
        saveJSON(
          TABLES_KEY,
          loadJSON(TABLES_KEY, []).filter((saved) => saved && saved.id !== table.id),
        );
        renderTables();
      });
      // Only links to this page's own server are followed.
      const url = new URL(table.creator_url, location.href);
      const safe = url.origin === location.origin ? url.href : `/t/${encodeURIComponent(table.id)}`;
      return h(
        "li",
        { "data-testid": "your-table" },
        h(
          "span",
          { class: "what" },
          h("b", {}, table.name || t("Table {id}", { id: table.id })),
          " ",
          h("span", { class: "dim" }, `${(table.players || []).join(", ")} · ${when}`),
        ),
        h("a", { class: "button small", href: safe }, t("Open")),
        forget,
      );
    }),
  );
}

// ---------------------------------------------------------------- start

/** Draw what the script wrote again in the language just chosen; the form keeps what was typed. */
function renderLanguage() {
  renumberPlayers();
  const note = VARIANT_NOTES[$("variant").value];
  $("variant-note").textContent = note ? t(note) : "";
  if (!$("profile").value) $("profile-summary").textContent = t("Off: each player plays their own planar deck (or a shared one).");
  for (const option of $("profile").options) {
    const profile = profiles.get(option.value);
    if (profile) option.textContent = profileLabel(profile);
  }
  profileChanged();
  if (!$("create").disabled) $("create").textContent = t("Create the table");
  renderCreated();
  renderTables();
}

$("shared-box").append(deckBar($("shared-list"), "shared"));

/** A deck shared by a link (#deck=...): offered to keep on this device, or to play as the shared deck. */
function offerSharedDeck() {
  const deck = sharedDeck();
  const box = $("shared-deck");
  box.hidden = !deck;
  if (!deck) return;
  const count = deck.text.split("\n").filter((line) => line.trim()).length;
  const save = h("button", { type: "button", class: "small", "data-testid": "keep-shared-deck" }, t("Save it on this device"));
  save.addEventListener("click", () => {
    save.textContent = saveDeck(deck.name, deck.text) ? t("Saved") : t("Not saved");
  });
  const use = h("button", { type: "button", class: "small", "data-testid": "use-shared-deck" }, t("Play it as the shared deck"));
  use.addEventListener("click", () => {
    document.querySelector("input[name='decks'][value='pasted_shared']").checked = true;
    decksChanged();
    $("shared-list").value = deck.text;
  });
  box.replaceChildren(h("p", {}, t("A deck was shared with this link: {name} ({n} lines).", { name: deck.name, n: count })), h("div", { class: "row" }, save, use));
}

languageMenu($("language"));
onLanguage(renderLanguage);
onLanguage(offerSharedDeck);
startLanguage();

for (const name of ["", "", "", ""]) addPlayer(name);
variantChanged();
decksChanged();
planechaseChanged();
renderTables();
loadSets();
loadProfiles();

registerServiceWorker();
