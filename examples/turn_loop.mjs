// A small client of the engine protocol (docs/protocol.md): it plays one seeded game of each variant by the
// documented turn loop, reading nothing but the `status` of each answer.
//
// Usage:
//
//     node examples/turn_loop.mjs [--engine "python -m planechase engine"] [--max-turns 60] [--max-actions 3000]
//
// The engine command comes from --engine, else the environment variable PLANECHASE_ENGINE_CMD, else
// `python -m planechase engine`. It prints one line per game and exits 0, or prints the refused request with
// the engine's error and exits 1. Node.js 20, no packages; turn_loop.py is the same in Python and prints the
// same lines.

import { spawn } from "node:child_process";

const PROTOCOL = "planechase-engine/1";
// The status fields the turn loop reads beyond those of the first release (hello's `features`).
const NEEDED_FEATURES = ["status.stack", "status.roll", "status.advance_to"];
// A legal ten-card planar deck (901.3); every player gets a copy.
const DECK = [
  "Aretopolis", "Pompeii", "Stairs to Infinity", "Temple of Atropos", "Norn's Seedcore",
  "Pools of Becoming", "Naar Isle", "Sokenzan", "Chaotic Aether", "Interplanar Tunnel",
];
const NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"];
// The steps before the precombat main phase: the loop advances to the main phase from these, to roll.
const BEFORE_MAIN = ["untap", "upkeep", "draw"];

// A game config: `players` named seats, a copy of DECK each, a seed and the variant's options.
function table(players, seed, options = {}) {
  return { players: NAMES.slice(0, players), decks: Array(players).fill(DECK), seed, ...options };
}

// One game of each variant: [what the output line calls it, the config sent with `new`].
const GAMES = [
  ["free_for_all", table(2, 5)],
  ["free_for_all", table(4, 2)],
  ["two_headed_giant", table(4, 13, { variant: "two_headed_giant", team_size: 2 })],
  ["emperor", table(6, 3, { variant: "emperor", team_size: 3 })],
  // Grand Melee: one turn marker for each full four players (807.4a), so several turns run at once.
  ["grand_melee", table(10, 5, { variant: "grand_melee" })],
  // The Eternities Map takes no `decks`: left out, its one deck is one of every plane.
  ["eternities_map", { players: NAMES.slice(0, 2), seed: 6, eternities_map: { profile: "published" } }],
];

// The engine answered `ok: false`.
class RefusedError extends Error {
  constructor(request, error) {
    super(`the engine refused ${JSON.stringify(request)}: ${JSON.stringify(error)}`);
    this.request = request;
    this.error = error;
  }
}

// The engine as a child process: one JSON request per line in, one JSON answer per line out.
class Engine {
  constructor(command) {
    const [file, ...args] = splitCommand(command);
    // stderr is inherited: the engine writes only diagnostics there.
    this.child = spawn(file, args, { stdio: ["pipe", "pipe", "inherit"] });
    this.exited = new Promise((resolve) => this.child.on("close", (code) => resolve(code)));
    this.buffer = ""; // text received after the last newline: the start of an answer still arriving
    this.lines = []; // whole answer lines not yet asked for
    this.waiter = null; // the pending request's {resolve, reject}
    this.failure = null; // why no more answers will come
    this.nextId = 1;
    this.child.stdout.setEncoding("utf8"); // decodes a character split across two chunks correctly
    // A chunk may hold part of an answer, or several: split on newlines and keep the rest for the next chunk.
    this.child.stdout.on("data", (chunk) => {
      const parts = (this.buffer + chunk).split("\n");
      this.buffer = parts.pop();
      this.lines.push(...parts.filter((line) => line.trim() !== ""));
      this.deliver();
    });
    this.child.stdout.on("end", () => this.fail("the engine closed its output"));
    this.child.on("error", (err) => this.fail(`cannot start the engine (${command}): ${err.message}`));
    this.child.stdin.on("error", (err) => this.fail(`cannot write to the engine: ${err.message}`));
  }

  fail(message) {
    this.failure ??= new Error(message);
    this.deliver();
  }

  // Hand the next line (or the failure) to the pending request, if any.
  deliver() {
    if (this.waiter === null) return;
    const { resolve, reject } = this.waiter;
    if (this.lines.length > 0) resolve(this.lines.shift());
    else if (this.failure !== null) reject(this.failure);
    else return;
    this.waiter = null;
  }

  nextLine() {
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
      this.deliver();
    });
  }

  // Send one request and wait for its answer; throw RefusedError if the engine refused it.
  async request(cmd, fields = {}) {
    const request = { cmd, id: this.nextId++, ...fields };
    this.child.stdin.write(JSON.stringify(request) + "\n");
    const answer = JSON.parse(await this.nextLine());
    if (answer.id !== request.id) throw new Error(`answer ${answer.id} to request ${request.id}: out of step`);
    if (!answer.ok) throw new RefusedError(request, answer.error);
    return answer;
  }

  // Say quit, end its input (which also ends a session) and wait for the engine to exit; its exit status.
  async close() {
    await this.request("quit");
    this.child.stdin.end();
    return this.exited;
  }
}

// Split a command line into words as a shell would, without backslash escapes: "double" or 'single' quotes
// keep spaces inside a word, and quoted and unquoted parts side by side make one word (Python's shlex.quote).
function splitCommand(command) {
  const words = command.match(/(?:"[^"]*"|'[^']*'|[^\s"'])+/g) ?? [];
  return words.map((word) => word.replace(/"([^"]*)"|'([^']*)'/g, (_, double, single) => double ?? single));
}

// The documented turn loop (docs/protocol.md, "The turn loop"): the next action from the status alone.
// `count` (the actions taken so far) picks a decision's option.
function nextAction(status, count) {
  const decision = status.decision;
  if (decision !== null) {
    // Only `choose` is legal now. Which option: a simple rotation, so both examples play the same game.
    const option = decision.options[count % decision.options.length].id;
    return { type: "choose", player: decision.player, decision: decision.id, option };
  }
  let action;
  if (status.stack > 0) {
    action = { type: "resolve", player: status.priority }; // everyone passes and the top of the stack resolves
  } else if (status.roll.allowed && status.roll.cost === 0) {
    return { type: "roll", player: status.roll.player }; // the free roll of the turn (901.9)
  } else {
    // Pass until the main phase (to roll) or the next turn; stops early if something triggers.
    const beforeMain = BEFORE_MAIN.includes(status.step) && status.advance_to.includes("precombat_main");
    action = { type: "advance", player: status.priority, to: beforeMain ? "precombat_main" : "next_turn" };
  }
  // Grand Melee: each turn marker has its own stack and priority (807.5), and `status` describes the
  // focused one. A player holding priority for several stacks must name the marker (807.5b), so always
  // name the focused marker: the action is then for the stack the status describes. (`roll` and `choose`
  // take no marker, and outside Grand Melee `focus` is null and a marker is refused.)
  if (status.focus !== null) action.marker = status.focus;
  return action;
}

// Play one game by the turn loop until it is over, passes maxTurns or takes maxActions; its line.
async function play(engine, label, config, maxTurns, maxActions) {
  let answer = await engine.request("new", { config, view: false });
  let status = answer.status;
  let actions = 0;
  let turn = status.turn ?? 0; // the highest turn number seen (Grand Melee's markers take turns at once)
  while (!status.over && turn <= maxTurns && actions < maxActions) {
    const action = nextAction(status, actions);
    // state_id: the engine refuses the action (stale_state) unless the game is the one this status shows.
    answer = await engine.request("act", { action, state_id: answer.state_id, view: false });
    status = answer.status;
    actions += 1;
    turn = Math.max(turn, status.turn ?? 0);
  }
  let result;
  if (status.over) {
    const winners = status.winners.map((seat) => config.players[seat]);
    result = winners.length > 0 ? `winners: ${winners.join(", ")}` : "a draw";
  } else {
    result = "not over" + (actions >= maxActions ? " (action cap)" : "");
  }
  const players = String(config.players.length).padStart(2);
  const turns = String(Math.min(turn, maxTurns)).padStart(2);
  return `${label.padEnd(16)} ${players} players  turns ${turns}  actions ${String(actions).padStart(4)}  ${result}`;
}

// --engine CMD, --max-turns N and --max-actions N from the command line.
function parseArgs(argv) {
  const args = { engine: null, maxTurns: 60, maxActions: 3000 };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--engine") args.engine = value;
    else if (flag === "--max-turns") args.maxTurns = Number.parseInt(value, 10);
    else if (flag === "--max-actions") args.maxActions = Number.parseInt(value, 10);
    else throw new Error(`unknown option ${flag} (options: --engine, --max-turns, --max-actions)`);
  }
  if (!(args.maxTurns > 0 && args.maxActions > 0)) throw new Error("--max-turns and --max-actions must be positive");
  return args;
}

async function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`error: ${err.message}`);
    process.exitCode = 2;
    return;
  }
  const command = args.engine ?? process.env.PLANECHASE_ENGINE_CMD ?? "python -m planechase engine";
  const engine = new Engine(command);
  try {
    const hello = await engine.request("hello", { protocol: PROTOCOL });
    if (hello.protocol !== PROTOCOL) throw new Error(`the engine speaks ${hello.protocol}, not ${PROTOCOL}`);
    const missing = NEEDED_FEATURES.filter((feature) => !(hello.features ?? []).includes(feature));
    if (missing.length > 0) throw new Error(`the engine lacks the features ${missing.join(", ")}`);
    console.log(`engine ${hello.engine} ${hello.engine_version}, protocol ${hello.protocol}`);
    for (const [label, config] of GAMES) {
      console.log(await play(engine, label, config, args.maxTurns, args.maxActions));
    }
    const code = await engine.close();
    if (code !== 0) throw new Error(`the engine exited with status ${code}`);
  } catch (err) {
    if (err instanceof RefusedError) {
      console.error(`the engine refused a request\n  request: ${JSON.stringify(err.request)}`);
      console.error(`  error:   ${JSON.stringify(err.error)}`);
    } else {
      console.error(`error: ${err.message}`);
    }
    engine.child.kill();
    process.exitCode = 1;
    return;
  }
  console.log(`all ${GAMES.length} games played without a refused action`);
}

await main();
