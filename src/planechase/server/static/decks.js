// Planar decks a playgroup keeps: saved on this device (by name, in localStorage) and shared by a link or its QR
// code (the deck list inside the link's #deck=..., never sent to the server until a table is made from it or the
// player downloads it). The create page puts a small bar under each pasted deck list: choose a saved deck, save this
// one, share it, download it as another program's file (Forge, XMage, Cockatrice, MTGO, text, JSON).
import { copyText, h, qrCode, shareButton } from "./dom.js";
import { N_, messageText, t } from "./i18n.js";

const DECKS_KEY = "planechase:decks";
/** The most decks kept on a device, and the longest list kept or shared (in characters). */
const MAX_DECKS = 50;
const MAX_TEXT = 4000;
/** Every deck bar's drawing, to draw them all again when a deck is saved. */
const bars = new Set();

/** The saved decks: {name: list text}, names sorted. */
export function savedDecks() {
  try {
    const raw = JSON.parse(localStorage.getItem(DECKS_KEY) || "{}");
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
    const out = {};
    for (const name of Object.keys(raw).sort((a, b) => a.localeCompare(b))) {
      if (typeof raw[name] === "string") out[name.slice(0, 60)] = raw[name].slice(0, MAX_TEXT);
    }
    return out;
  } catch {
    return {};
  }
}

/** Keep `text` as the deck `name` on this device (replacing one of that name); whether it could be kept. */
export function saveDeck(name, text) {
  const decks = savedDecks();
  const key = String(name).trim().slice(0, 60);
  if (!key || !String(text).trim()) return false;
  if (!(key in decks) && Object.keys(decks).length >= MAX_DECKS) return false;
  decks[key] = String(text).slice(0, MAX_TEXT);
  try {
    localStorage.setItem(DECKS_KEY, JSON.stringify(decks));
  } catch {
    return false;
  }
  for (const draw of bars) draw();
  return true;
}

export function deleteDeck(name) {
  const decks = savedDecks();
  delete decks[name];
  try {
    localStorage.setItem(DECKS_KEY, JSON.stringify(decks));
  } catch {
    // nothing kept: nothing to delete
  }
}

function encode(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function decode(data) {
  const binary = atob(data.replaceAll("-", "+").replaceAll("_", "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The link that shares a deck: this server's create page with the list in its #deck= (and its name). */
export function deckLink(name, text) {
  const params = new URLSearchParams({ deck: encode(String(text).slice(0, MAX_TEXT)), name: String(name).slice(0, 60) });
  return `${location.origin}/#${params}`;
}

/** The deck lab's page for a deck: the list in its #deck=, as a shared deck's link carries it. */
export function labLink(text) {
  const params = new URLSearchParams({ deck: encode(String(text).slice(0, MAX_TEXT)) });
  return `/lab#${params}`;
}

/** The deck a link shared with this page ({name, text}), or null. */
export function sharedDeck() {
  const params = new URLSearchParams(location.hash.slice(1));
  const data = params.get("deck");
  if (!data || data.length > MAX_TEXT * 2) return null;
  try {
    const text = decode(data).slice(0, MAX_TEXT);
    return text.trim() ? { name: (params.get("name") || "").slice(0, 60) || t("Shared deck"), text } : null;
  } catch {
    return null;
  }
}

/** The files a deck downloads as: [format, label] (program names are not translated). */
const FILE_FORMATS = [
  ["forge", "Forge (.dck)"],
  ["xmage", "XMage (.dck)"],
  ["cockatrice", "Cockatrice (.cod)"],
  ["mtgo", "MTGO (.dek)"],
  ["text", N_("Text list (.txt)")],
  ["json", "JSON (.json)"],
];

/** Ask the server for the deck `text` as a file of `format` and save it; the problems of the list, if any, go into
 * the list element `problems`. */
async function downloadDeck(text, format, name, problems) {
  problems.replaceChildren();
  let response;
  try {
    response = await fetch("/api/decks/file", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text, to: format, name }),
    });
  } catch {
    problems.replaceChildren(h("li", {}, t("The server could not be reached. Is it still running?")));
    return;
  }
  if (!response.ok) {
    let body = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    const fallback = t("The deck could not be downloaded (HTTP {status}).", { status: response.status });
    const lines = body && Array.isArray(body.issues) && body.issues.length ? body.issues : [body && body.text];
    problems.replaceChildren(...lines.map((line) => h("li", {}, messageText(line, (body && body.error) || fallback))));
    return;
  }
  const blob = await response.blob();
  const header = response.headers.get("Content-Disposition") || "";
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  const plain = /filename="([^"]+)"/.exec(header);
  const fileName = utf8 ? decodeURIComponent(utf8[1]) : plain ? plain[1] : "planar-deck.txt";
  const link = h("a", { href: URL.createObjectURL(blob), download: fileName, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

/** The bar under a deck list: choose a saved deck for it, save it under a name, share it (link, QR code). */
export function deckBar(area, index) {
  const bar = h("div", { class: "deck-bar row" });
  bar.dataset.index = String(index);
  const draw = () => {
    index = bar.dataset.index;
    bar.dataset.testid = `deck-bar-${index}`;
    const decks = savedDecks();
    const names = Object.keys(decks);
    const choose = h(
      "select",
      { "aria-label": t("Saved decks on this device"), "data-testid": `saved-decks-${index}` },
      h("option", { value: "" }, names.length ? t("Saved decks…") : t("No saved decks")),
      ...names.map((name) => h("option", { value: name }, name)),
    );
    choose.disabled = !names.length;
    choose.addEventListener("change", () => {
      if (choose.value in decks) area.value = decks[choose.value];
    });
    const name = h("input", { type: "text", maxlength: 60, placeholder: t("Deck name"), "aria-label": t("Deck name"), "data-testid": `deck-name-${index}` });
    const save = h("button", { type: "button", class: "small", "data-testid": `save-deck-${index}` }, t("Save"));
    save.addEventListener("click", () => {
      if (!saveDeck(name.value, area.value)) save.textContent = t("Not saved");
    });
    const share = h("button", { type: "button", class: "small", "data-testid": `share-deck-${index}` }, t("Share deck"));
    const shared = h("div", { class: "deck-share", hidden: true });
    share.addEventListener("click", () => {
      if (!area.value.trim()) return;
      const link = deckLink(name.value || t("Shared deck"), area.value);
      const copy = h("button", { type: "button", class: "small" }, t("Copy"));
      copy.addEventListener("click", async () => (copy.textContent = (await copyText(link)) ? t("Copied") : t("Copy failed")));
      shared.replaceChildren(
        qrCode(link, { alt: t("QR code: {label}", { label: t("the deck") }) }),
        h("a", { href: link, "data-testid": `deck-link-${index}` }, t("Link to this deck")),
        copy,
        shareButton(link, t("Share"), name.value || t("Shared deck"), `share-deck-link-${index}`),
      );
      shared.hidden = false;
    });
    const analyse = h("a", { href: "/lab", class: "button small", "data-testid": `analyse-deck-${index}` }, t("Analyse this deck"));
    analyse.addEventListener("click", (event) => {
      if (!area.value.trim()) return;
      event.preventDefault();
      window.open(labLink(area.value), "_blank", "noopener");
    });
    const fileFormat = h(
      "select",
      { "aria-label": t("File format"), "data-testid": `deck-format-${index}` },
      ...FILE_FORMATS.map(([value, label]) => h("option", { value }, value === "text" ? t(label) : label)),
    );
    const download = h("button", { type: "button", class: "small", "data-testid": `download-deck-${index}` }, t("Download"));
    const problems = h("ul", { class: "error", "data-testid": `deck-problems-${index}`, role: "alert" });
    download.addEventListener("click", () => {
      if (area.value.trim()) downloadDeck(area.value, fileFormat.value, name.value.trim(), problems);
    });
    bar.replaceChildren(choose, name, save, share, analyse, fileFormat, download, shared, problems);
  };
  bars.add(draw);
  bar.redraw = draw;
  draw();
  return bar;
}
