// The table's connection, opened as soon as this small script arrives (it imports nothing), while the page's
// other modules are still on their way: on a phone on mobile data the join and the table's first state then
// come in parallel with them. table-connection.js takes the connection over, with what it has heard so far.
// The tokens are read as table-common.js reads them (the link's #t=..., else the ones kept for this table).
(() => {
  const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
  if (!tableId || !location.pathname.startsWith("/t/")) return;
  const params = new URLSearchParams(location.hash.slice(1));
  let tokens = params.getAll("t").filter((token) => token && token.length <= 64);
  if (!tokens.length) {
    try {
      const stored = JSON.parse(localStorage.getItem(`planechase:seats:${tableId}`) || "null");
      tokens = stored && Array.isArray(stored.tokens) ? stored.tokens.filter((token) => typeof token === "string") : [];
    } catch {
      tokens = [];
    }
  }
  let ws;
  try {
    ws = new WebSocket(`${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws/${encodeURIComponent(tableId)}`);
  } catch {
    return;
  }
  const early = { ws, tokens: [...new Set(tokens)], messages: [], adopted: false, joinSent: false };
  ws.addEventListener("open", () => {
    if (early.adopted && !early.joinSent) return; // taken over before it opened: the page joins
    early.joinSent = true;
    ws.send(JSON.stringify({ type: "join", tokens: early.tokens }));
  });
  ws.addEventListener("message", (event) => {
    if (!early.adopted) early.messages.push(event.data);
  });
  window.__planechaseEarly = early;
})();
