/**
 * `npm run machines:diagram`: writes a Mermaid state diagram of every machine to
 * docs/machines/<name>.md (plus the index docs/machines/README.md), straight from the machine
 * definitions, so the docs cannot drift from the code.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { driven } from '../tests/machines/drivers/index';
import { models } from '../tests/machines/support/models';
import { journeysOf, toMarkdown } from './journeys';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const idOf = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

const guardName = (t: AnyTransitionDefinition): string | undefined => {
  const guard = t.guard as unknown;
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard)
    return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') {
    // Higher-order guards (and/or/not) keep their parts on the function.
    const parts = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(parts)) return parts.map((g) => (typeof g === 'string' ? g : '?')).join(' && ');
  }
  return 'guard';
};

const actionNames = (t: AnyTransitionDefinition): string[] =>
  (t.actions as unknown[]).flatMap((a) => {
    if (typeof a === 'string') return [a];
    if (typeof a === 'object' && a !== null && 'type' in a) return [String((a as { type: unknown }).type)];
    return [];
  });

function eventLabel(eventType: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${error[1]} error`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  return eventType === '' ? 'always' : eventType;
}

function transitionLines(node: AnyStateNode): string[] {
  const lines: string[] = [];
  const all: AnyTransitionDefinition[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
  for (const t of all) {
    const guard = guardName(t);
    const actions = actionNames(t);
    const label = [
      eventLabel(t.eventType),
      guard ? ` [${guard}]` : '',
      actions.length ? ` / ${actions.join(', ')}` : '',
    ]
      .join('')
      .replace(/:/g, '﹕');
    const targets: readonly AnyStateNode[] = t.target?.length ? t.target : [node];
    for (const target of targets) lines.push(`${idOf(node)} --> ${idOf(target)} : ${label}`);
  }
  return lines;
}

function stateLines(node: AnyStateNode, indent: string): string[] {
  const lines: string[] = [];
  const children = Object.values(node.states) as AnyStateNode[];
  const tags = [...node.tags];
  const invokes = node.invoke.map((i: { id: string }) => `invoke ${i.id}`);
  const entry = (node.entry as unknown[]).flatMap((a) =>
    typeof a === 'string' ? [a] : typeof a === 'object' && a !== null && 'type' in a ? [String(a.type)] : [],
  );
  const notes = [
    ...(entry.length ? [`entry / ${entry.join(', ')}`] : []),
    ...invokes,
    ...(tags.length ? [`tags: ${tags.join(', ')}`] : []),
  ];
  if (children.length === 0) {
    lines.push(`${indent}state "${node.key}" as ${idOf(node)}`);
    if (notes.length) lines.push(`${indent}note right of ${idOf(node)} : ${notes.join('<br/>')}`);
    return lines;
  }
  lines.push(`${indent}state "${node.key}" as ${idOf(node)} {`);
  const inner = `${indent}  `;
  children.forEach((child, i) => {
    if (node.type === 'parallel' && i > 0) lines.push(`${inner}--`);
    lines.push(...stateLines(child, inner));
  });
  if (node.type !== 'parallel' && node.initial?.target?.[0])
    lines.push(`${inner}[*] --> ${idOf(node.initial.target[0] as AnyStateNode)}`);
  lines.push(`${indent}}`);
  if (notes.length) lines.push(`${indent}note right of ${idOf(node)} : ${notes.join('<br/>')}`);
  return lines;
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(allNodes)];
}

export function mermaidOf(machine: AnyStateMachine): string {
  const rootNode = machine.root as AnyStateNode;
  const lines = ['stateDiagram-v2'];
  const top = Object.values(rootNode.states) as AnyStateNode[];
  for (const [i, child] of top.entries()) {
    if (rootNode.type === 'parallel' && i > 0) lines.push('  --');
    lines.push(...stateLines(child, '  '));
  }
  if (rootNode.type !== 'parallel' && rootNode.initial?.target?.[0])
    lines.push(`  [*] --> ${idOf(rootNode.initial.target[0] as AnyStateNode)}`);
  for (const node of allNodes(rootNode)) {
    lines.push(...transitionLines(node).map((l) => `  ${l}`));
    if (node.type === 'final') lines.push(`  ${idOf(node)} --> [*]`);
  }
  return lines.join('\n');
}

const camel = (name: string) => name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

function names(record: Record<string, unknown> | undefined): string {
  const keys = Object.keys(record ?? {});
  return keys.length ? keys.map((k) => `\`${k}\``).join(', ') : '—';
}

/** Where a model's machine is defined, and its export's name. */
function sourceOf(name: string): { file: string; exportName: string } {
  return (
    models.find((m) => m.name === name)?.source ?? {
      file: `machines/${name}.machine.ts`,
      exportName: `${camel(name)}Machine`,
    }
  );
}

export function machineDoc(name: string, machine: AnyStateMachine): string {
  const impl = machine.implementations;
  const source = sourceOf(name);
  const events = new Set<string>();
  for (const node of allNodes(machine.root as AnyStateNode))
    for (const type of node.ownEvents) if (!type.startsWith('xstate.')) events.add(type);
  return [
    `# ${source.exportName}`,
    '',
    `Source: [${source.file}](../../${source.file}) · generated by \`npm run machines:diagram\` — do not edit.`,
    '',
    '```mermaid',
    mermaidOf(machine),
    '```',
    '',
    `- Events: ${[...events].map((e) => `\`${e}\``).join(', ') || '—'}`,
    `- Actors: ${names(impl.actors)}`,
    `- Guards: ${names(impl.guards)}`,
    `- Actions: ${names(impl.actions)}`,
    `- Delays: ${
      Object.entries(impl.delays ?? {})
        .map(([k, v]) => `\`${k}\` (${typeof v === 'number' ? `${v} ms` : 'computed'})`)
        .join(', ') || '—'
    }`,
    `- Journeys: ${journeysOf(name).length} — \`npm run -s journeys -- ${name}\``,
    '',
    ...runOne(name),
    ...journeysSection(name),
  ].join('\n');
}

/** How to run one of this machine's journeys: in the browser where it has drivers, else as a model test. */
function runOne(name: string): string[] {
  const lines = ['## Run a journey', ''];
  if (driven[name])
    lines.push(
      `Every journey below runs in Debian's chromium against a fresh server (\`npm run test:journeys -- ${name}\`;`,
      "the steps' drivers and page checks are in",
      `[tests/machines/drivers/${name}.drivers.ts](../../tests/machines/drivers/${name}.drivers.ts)). To run one, or`,
      'an edited one:',
      '',
      '```sh',
      `npm run -s journeys -- ${name} --format json > ${name}-journeys.json`,
      `node -e 'const j=require("./${name}-journeys.json"); require("fs").writeFileSync("one.json", JSON.stringify([j[0]], null, 2))'`,
      '# edit one.json: steps keep the `event` words printed above (reorder, drop or repeat them)',
      'npm run test:journeys -- --file one.json',
      '```',
      '',
      'Each step says what the browser does (`browser`) and what the page must then show (`page`).',
      '',
    );
  else
    lines.push(
      'This machine has no browser drivers yet: its journeys run as model tests against a real actor',
      `(\`npx vitest run tests/machines/${name}.machine.test.ts\`).`,
      '',
    );
  return lines;
}

/** Above this many journeys a page lists the first ones and says how to print them all. */
const LISTED = 60;

/** The generated journeys, one heading level down from the page's. */
function journeysSection(name: string): string[] {
  const journeys = journeysOf(name);
  const listed = journeys.length > LISTED ? journeys.slice(0, LISTED / 2) : journeys;
  const more =
    journeys.length > listed.length
      ? [
          `The first ${listed.length} of ${journeys.length}; \`npm run -s journeys -- ${name}\` prints them all.`,
          '',
        ]
      : [];
  const markdown = toMarkdown(name, listed)
    .replace(
      /^# Journeys through the (\S+) machine \(\d+\)/m,
      `# Journeys through the $1 machine (${journeys.length})`,
    )
    .replace(/^# /m, '## ')
    .replace(/^## (\d+)\. /gm, '### $1. ');
  return [markdown.trimEnd(), '', ...more];
}

const PURPOSE: Record<string, string> = {
  'store-info': 'Store information, loaded on start; `storeInfo.refresh` reloads it.',
  cart: 'The cart: add/merge, remove, update, clear; persisted under localStorage `cart`; follows sign-in.',
  'products-list': 'The /products grid and its parent-category filter (two parallel regions).',
  product: 'The product page: load, pick size/colour/quantity, add to cart.',
  'featured-products': "The home page's Featured Styles (failures only logged).",
  'similar-products':
    "The product page's Similar items: its type's, then its category's (failures only logged).",
  auth: 'Sign-in state: cookie check, login, register, logout, 401s; reports sign-in/out to the app.',
  checkout: 'Shipping form → order creation (the app then empties the cart) → /payment.',
  'order-tracking': 'Track an order by number plus email or phone.',
  'my-orders': "The signed-in customer's orders.",
  account: 'The account page data.',
  contact:
    "Contact form: POST /contact, 'Sending...' until the server answers; a failed send keeps the form.",
  newsletter: 'Newsletter sign-up: POST /newsletter/subscriptions asks for a double opt-in.',
  'newsletter-link':
    'The newsletter mail links: a confirmation waits for Confirm subscription; an unsubscribe posts on load.',
  payment: 'Server-built payment form, submit, and every gateway outcome (QR polled until paid).',
  returns:
    'A return or exchange of a delivered order, run by the server (docs/returns.md): pickup, received, refunded or exchanged, or rejected.',
  lifecycle:
    "An order's legal moves, run by the server (docs/operations.md): paid or cash on delivery, shipped, delivered, cancelled, expired.",
};

export function readme(): string {
  const rows = models.map(
    (m) =>
      `| [${sourceOf(m.name).exportName}](${m.name}.md) | \`${sourceOf(m.name).file}\` | ${PURPOSE[m.name] ?? ''} | ${journeysOf(m.name).length} |`,
  );
  return `# Machines

Generated by \`npm run machines:diagram\` from the machine definitions — edit the generator
(scripts/machines-diagram.ts), not this file.

Every piece of storefront behaviour that has state is an XState v5 machine in \`machines/\`, one per file.
Machines import only \`xstate\` and *types* from \`contract/schema\`: no React, no API client, no storage.
Side effects are named actors and actions stubbed in \`setup()\` and provided for real in its feature's
\`src/features/<feature>/<name>.live.ts\` (\`provideWishlistMachine(deps)\` in
\`src/features/wishlist/wishlist.live.ts\`, …; store info's, the shell's own, in \`src/app/actors/\`):
the shell's root machines (auth, cart, store info, wishlist) gathered in \`src/app/actors/root.live.ts\`,
each screen's machine from its lazy route via \`usePageActor\`, so
the home page never loads checkout or payment code; \`createLiveMachines\` gathers them all for tests.

## One actor system

\`machines/app.machine.ts\` is the root actor: it invokes store info, auth and cart (system ids
\`storeInfo\`, \`auth\`, \`cart\`) and a 401 watcher, and every message from one machine to another goes
through it. Machines tell the app what happened; the app tells the machines that must act:

| from | to the app | the app tells | command |
|---|---|---|---|
| auth | \`auth.signedIn\` / \`auth.signedOut\` | cart | \`session.signedIn\` / \`session.signedOut\` |
| any API call answered 401 | \`api.unauthorized\` | auth | \`auth.unauthorized\` |
| checkout (page) | \`checkout.orderPlaced\` | cart | \`cart.reset\` |
| product (page) | \`cart.add\` | cart | \`cart.add\` |

Screens' machines are started by their routes with the app's ref as input (\`app\`) and the app's
inspector; a machine run on its own (as in its tests) has no app and reports nothing.

| machine | file | what it does | journeys |
|---|---|---|---|
${rows.join('\n')}

Pure rules used by machines and views live next to them: \`cart.model.ts\` (lines, totals, stored-cart
validation), \`catalogue.model.ts\` (display product, titles, pagination), \`orders.model.ts\` (status labels
and colours, display order) and \`payment.model.ts\` (field list and outcome parsing). Rules the server
applies too live in the top-level \`shared/\` folder: \`shared/payment-fields.ts\` (visibility, defaults,
+91 phone rules and messages, \`canSubmit\`) and \`shared/checkout-address.ts\` (PIN, state, mobile number).

## What machines emit

A machine never touches the UI: it \`emit\`s events (types in \`machines/events.ts\`) that the app handles
(\`src/app/emitted.ts\`). Tests assert them with the exact spec texts. Messages to other machines are not
emitted: they go through the app actor (above).

| event | payload | the app… |
|---|---|---|
| \`toast\` | \`title\`, \`description?\`, \`variant?\` (\`success\` | \`error\` | \`info\`) | shows a toast; \`error\` is the destructive style |
| \`navigate\` | \`to\`, \`replace?\`, \`external?\`, \`from?\` | routes to \`to\`; \`external\` loads another origin (gateway, UPI link); \`from\` is remembered by /login |
| \`postForm\` | \`url\`, \`method\`, \`fields\` | submits a hidden form (gateway \`redirect_post\`) |
| \`scrollToTop\` | \`behavior\` | scrolls the window to the top |
| \`resetForm\` | — | clears the form that sent the event |

Events sent *to* machines are lowercase and dotted with a flat payload (\`cart.add\`, \`checkout.submit\`,
\`payment.submit\`, \`auth.unauthorized\`, …); see each machine's page for its list.

## Open a machine in the Stately visualiser

- **Web**: open https://stately.ai/viz (or the Stately editor → Import), paste the contents of
  \`machines/<name>.machine.ts\` (the \`setup({...}).createMachine({...})\` call; the type-only imports can stay).
  Every action, guard, actor and delay is referenced by name, so the diagram shows them all.
- **VS Code**: install the *XState VSCode* extension (statelyai.stately-vscode) and click "Open Visual Editor"
  above \`createMachine\` in any machine file.
- **In the repo**: each machine's page here has a Mermaid diagram that GitHub renders.

## Journeys

\`npm run -s journeys -- <machine> [--format md|json]\` prints every journey of a machine: numbered steps with
the event (a shopper's action with its payload, an actor's answer, or time passing) and the state reached.
\`--format json\` prints only \`[{ "title", "machine", "case", "steps": [{ "event": { "type", …payload }, "by", "says", "state", "does", "expect" }] }]\`
(\`does\` and \`expect\` for the machines with browser drivers: what to do in the browser, what the page shows).
Use \`-s\` (silent): without it npm prints its own \`> statefront@… journeys\` banner on stdout before the JSON.

\`npm run test:journeys\` replays every default journey of the machines with drivers (checkout, payment, auth,
order-tracking, wishlist, lifecycle, returns) in Debian's chromium against a
fresh production server on PGlite (drivers in \`tests/machines/drivers/\`); \`--file <json>\` runs journeys
printed by \`--format json\`, edited or not. \`npm run -s journeys -- --coverage\` prints, per machine, the states
and transitions reached by the model tests and by the last full browser run.

The journeys are the paths the model tests replay (tests/machines): @xstate/graph's shortest path to every
state, each extended by every transition of the graph, so together they take every transition of the machine.

## Tests

\`npx vitest run tests/machines tests/forms\` — per machine, an @xstate/graph \`TestModel\` generates the paths and
each path's \`test()\` replays it against a real actor with fake \`fromPromise\` actors and a simulated clock. At
every step the test checks what a shopper would see change: the events emitted (toasts, navigations, cart
commands), the context the screen renders (cart lines, messages, field errors, the order) and the input of every
API call started. A coverage test fails if any state or transition of the definition is never reached. Cart
invariants are property-tested with fast-check; the payment form rules and zod schema are tested message by message.
`;
}

function main() {
  const dir = join(root, 'docs', 'machines');
  mkdirSync(dir, { recursive: true });
  for (const model of models) {
    writeFileSync(join(dir, `${model.name}.md`), machineDoc(model.name, model.machine));
    process.stdout.write(`docs/machines/${model.name}.md\n`);
  }
  writeFileSync(join(dir, 'README.md'), readme());
  process.stdout.write('docs/machines/README.md\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
