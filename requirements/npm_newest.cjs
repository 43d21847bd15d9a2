// For `./dev lock`: the newest release of each of package.json's devDependencies that this
// machine's Node.js runs (its "engines.node"; prereleases aside), printed as name@version for
// `npm install --save-exact`. npm's own "@latest" takes a release whatever Node.js it needs
// (lighthouse 13 needs Node.js 22, this machine has 20), and npm install then only warns.
// The version ranges are read with the semver package npm itself runs on.
"use strict";
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const npmCli = fs.realpathSync(execFileSync("sh", ["-c", "command -v npm"], { encoding: "utf8" }).trim());
const semver = require(path.join(path.dirname(npmCli), "..", "node_modules", "semver"));

/** The newest stable release of ``name`` whose engines.node this Node.js satisfies. */
function newestRunnable(name) {
  const releases = JSON.parse(execFileSync("npm", ["view", `${name}@>=0.0.0`, "version", "engines", "--json"],
                                           { encoding: "utf8" }));
  const runnable = [].concat(releases)
    .map((r) => (typeof r === "string" ? { version: r } : r)) // a release without engines: its version alone
    .filter((r) => !semver.prerelease(r.version))
    .filter((r) => !r.engines || !r.engines.node || semver.satisfies(process.versions.node, r.engines.node))
    .map((r) => r.version);
  if (runnable.length === 0) throw new Error(`no release of ${name} runs on Node.js ${process.versions.node}`);
  return runnable.sort(semver.rcompare)[0];
}

const wanted = Object.keys(JSON.parse(fs.readFileSync("package.json", "utf8")).devDependencies);
console.log(wanted.map((name) => `${name}@${newestRunnable(name)}`).join(" "));
