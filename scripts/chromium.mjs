// Where the end-to-end tests find Chromium: CHROME_PATH, else Debian's /usr/bin/chromium.
import fs from "node:fs";

export const chromiumPath = process.env.CHROME_PATH || "/usr/bin/chromium";
export const chromiumFound = fs.existsSync(chromiumPath);
