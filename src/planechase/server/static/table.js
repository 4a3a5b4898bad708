// The table page: talks to /ws/{table} (see docs/web.md) and draws the `view` of every `state` message.
// Every piece of user or card text goes into the page through textContent (the h() helper); no innerHTML.
// Interface text goes through t() (i18n.js); the rules log through eventText() (logtext.js).

// The parts are modules beside it: table-common.js, table-connection.js, table-planes.js, table-panels.js,
// table-tools.js and table-log.js; sound.js makes the optional sounds.

import { loadCardTexts, loadOracleTexts } from "./cardtext.js";
import { registerServiceWorker } from "./dom.js";
import { N_, language, languageMenu, onLanguage, startLanguage, t } from "./i18n.js";
import { soundSwitch } from "./sound.js";
import { $, app, names, readTokens, tableId } from "./table-common.js";
import { connect, renderStatus, renderTitle } from "./table-connection.js";
import { renderAll, renderBanners, renderDecision, renderPlanes } from "./table-planes.js";
import { renderEffects, renderInstructions, renderStack, renderVisited } from "./table-panels.js";
import { renderInvite, renderTableInfo } from "./table-tools.js";
import { renderLog } from "./table-log.js";

// ---------------------------------------------------------------- start

/** Draw everything again in the language just chosen (the game itself is not reloaded). */
function renderLanguage() {
  renderStatus();
  if (app.table) renderTitle();
  renderTableInfo();
  renderInvite();
  if (app.view) renderAll();
  else {
    renderPlanes();
    renderBanners();
  }
  renderLog(true);
  renderInstructions();
}

languageMenu($("language"));
onLanguage(renderLanguage);
// NOTE: the label of the button that turns on or off the sounds of rolls, chaos and planeswalks on this device
onLanguage(soundSwitch($("sound"), () => t("Sounds of rolls, chaos and planeswalks")));
// The cards in the chosen language: shown once their translations are loaded (Oracle text until then).
onLanguage((lang) => {
  loadCardTexts(lang).then((current) => {
    if (!current) return;
    renderPlanes();
    renderEffects();
    renderVisited();
    renderStack(); // the abilities quoted on the stack and in the log, in the language of the cards
    renderLog(true);
    if (lang === "en") return;
    // Then the Oracle text, by which those abilities are found in the translation (not needed to show the plane).
    loadOracleTexts().then((came) => {
      if (!came) return;
      // What may quote an ability: the stack, a decision, a banner and the log (not the planes: the card itself
      // is shown from its translation, and drawing it again would move the page under the player's finger).
      if (app.view) {
        renderStack();
        renderDecision();
        renderBanners();
      }
      renderLog(true);
    });
  });
});
startLanguage();

if (!tableId) {
  app.fatal = N_("This address names no table.");
  renderBanners();
} else {
  readTokens();
  document.body.classList.toggle("display", app.displayFlag);
  renderPlanes();
  connect();
}

registerServiceWorker();
