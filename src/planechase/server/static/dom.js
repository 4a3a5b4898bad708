// Small helpers both pages use: building elements safely, remembering things on this device, copying text.

/** An element with attributes and children; text goes in through text nodes, never as markup. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** A JSON value kept on this device, or ``fallback``. */
export function loadJSON(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : fallback;
  } catch {
    return fallback;
  }
}

/** Keep a JSON value on this device (quietly not, in private mode or with full storage). */
export function saveJSON(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode or full storage: the page still works, it just won't remember */
  }
}

/** Copy ``text`` to the clipboard; whether it worked. */
export async function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall through */
  }
  const field = h("textarea", { readonly: true, class: "offscreen" });
  field.value = text;
  field.style.position = "fixed";
  field.style.left = "-9999px";
  document.body.append(field);
  field.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  field.remove();
  return ok;
}

/** The QR codes drawn on this page, by link (each asked for once). */
const qrCodes = new Map();

/** An image of the QR code of ``link``, asked for with a POST: the link's token stays out of every URL, so it
 *  never reaches a server's or a proxy's access log. */
export function qrCode(link, attrs = {}) {
  const img = h("img", { class: "qr", width: 192, height: 192, ...attrs });
  if (!qrCodes.has(link)) {
    qrCodes.set(
      link,
      fetch("/api/qr.svg", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "image/svg+xml" },
        body: JSON.stringify({ text: link }),
      })
        .then((response) => (response.ok ? response.blob() : null))
        .then((blob) => (blob ? URL.createObjectURL(blob) : null))
        .catch(() => null),
    );
  }
  qrCodes.get(link).then((src) => {
    if (src) img.src = src; // else no code: the link beside it still works
  });
  return img;
}

/** Install the service worker (static/sw.js, served from the root): the pages then open without the network, and
 *  the app can be installed. Where the browser has none (or refuses it), the pages work as before. */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
}

/** A button that opens the system's share sheet for `url` (remote groups send links by their own messengers), or
 *  null where the browser has none. `label` is the button's text, `title` the shared title. */
export function shareButton(url, label, title, testid = "share") {
  if (typeof navigator.share !== "function") return null;
  const button = h("button", { type: "button", class: "small", "data-testid": testid }, label);
  button.addEventListener("click", async () => {
    try {
      await navigator.share({ title, url });
    } catch {
      // closed without sharing, or refused: nothing to do
    }
  });
  return button;
}
