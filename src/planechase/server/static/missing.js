// The "no such table" page: only its text, in the device's language (see i18n.js).

import { startLanguage } from "./i18n.js";

startLanguage();
