/**
 * Replays generated journeys in Debian's chromium against a fresh production server on PGlite.
 *
 *   npm run test:journeys                          per driven machine (drivers/index.ts), the journeys that reach
 *                                                  every state and transition, and this run's turn of the rest
 *                                                  (tests/journeys/selection.ts)
 *   npm run test:journeys -- --all                 every default journey of every driven machine
 *   npm run test:journeys -- payment               every journey of one machine (lifecycle: the order lifecycle's)
 *   npm run test:journeys -- --file my.json        a journey (or a list) as `npm run journeys -- <m> --format json` prints it
 *
 * Each step's driver (tests/machines/drivers) acts in the page and each state's check asserts what the
 * page shows. Every request of the machine's actors is held until the step that answers it, so loading
 * states are seen and a failure is injected only into the request it is about. Builds dist/ when it is
 * missing. JOURNEY_WORKERS (default 2) journeys run side by side, each in its own browser context.
 * A run of every driven machine (the default or --all) writes the states and transitions it reached to
 * reports/journeys-reached.json, which `npm run journeys -- --coverage` reads.
 *
 * The order lifecycle's journeys (tests/machines/drivers/lifecycle.drivers.ts) run against a server of
 * their own, started only when they are selected: port JOURNEYS_PORT + 1, its own DATA_DIR and a short
 * ORDER_PAYMENT_WINDOW, which would expire the other journeys' orders; the courier and the operator
 * sign with its FULFILMENT_SECRET.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page, Request, Route } from 'playwright-core';
import type { EventObject } from 'xstate';
import { type ApiProduct, cardCartLine, toDisplayProduct } from '../../machines/catalogue.model';
import { toCreateOrderRequest } from '../../machines/checkout.machine';
import { describeStep, eventOfStep, journeyEvents } from '../../scripts/journeys';
import { CHROMIUM, launchShopperBrowser, type Shop as Server, startShop } from '../e2e/shop';
import type { Answer, AnyDrivers, World } from '../machines/drivers/driver';
import { forgetToasts, recordToasts, shown, stepKeyOf } from '../machines/drivers/driver';
import { driven } from '../machines/drivers/index';
import { LIFECYCLE_PAYMENT_WINDOW_MS } from '../machines/drivers/lifecycle.drivers';
import {
  coverageOf,
  defaultJourneyPaths,
  type GraphPath,
  journeyTitles,
  stateName,
} from '../machines/support/graph';
import { modelNamed } from '../machines/support/models';
import { currentTurn, selectionOf, TURNS } from './selection';

const ROOT = resolve(import.meta.dirname, '../..');
export const REACHED_FILE = join(ROOT, 'reports/journeys-reached.json');
const SHOTS = join(ROOT, 'screenshots/journeys');
const PORT = Number(process.env.JOURNEYS_PORT ?? 8140);
const WORKERS = Math.max(1, Number(process.env.JOURNEY_WORKERS ?? 2));
const TIMEOUT = 15_000;

/** One journey to replay: the machine, the model case's input and each step's event and state. */
type Runnable = {
  machine: string;
  title: string;
  input: unknown;
  /** `context`: the model's, after the step (generated journeys; a file's journeys have none). */
  steps: { event: EventObject; state: string; context?: unknown }[];
  /** The generated path, for the coverage of a full run. */
  path?: GraphPath;
  /** Replayed on a 375 × 812 touch phone instead of a 1280 px desktop. */
  phone?: boolean;
};

/**
 * Journeys through the hand-over to a UPI app are replayed on a 375 px touch phone too, where the UPI
 * app is the payment page's default method; the copies add no coverage of their own (no path).
 */
function withPhoneReplays(journeys: Runnable[]): Runnable[] {
  const handsOver = (journey: Runnable) => journey.steps.some((step) => step.state.startsWith('deeplink'));
  return [
    ...journeys,
    ...journeys.filter(handsOver).map(({ path: _path, ...journey }) => ({
      ...journey,
      title: `${journey.title} (375 px phone)`,
      phone: true,
    })),
  ];
}

/** The machine whose journeys need a server of their own (a short payment window). */
const LIFECYCLE = 'lifecycle';

async function startServer(lifecycle = false): Promise<Server> {
  return startShop({
    port: lifecycle ? PORT + 1 : PORT,
    portVariable: 'JOURNEYS_PORT',
    label: lifecycle ? 'journeys-lifecycle' : 'journeys',
    env: {
      DATABASE_URL: '',
      // Every journey signs in and places orders from one address: the per-IP limits would refuse them.
      RATE_LIMIT_AUTH_MAX: '100000',
      RATE_LIMIT_REGISTER_MAX: '100000',
      RATE_LIMIT_TRACK_MAX: '100000',
      RATE_LIMIT_GLOBAL_MAX: '1000000',
      // startShop sets FULFILMENT_SECRET (E2E_FULFILMENT_SECRET), which the courier and operator sign with.
      ...(lifecycle ? { ORDER_PAYMENT_WINDOW: `${LIFECYCLE_PAYMENT_WINDOW_MS}ms` } : {}),
    },
  });
}

type Shop = {
  base: string;
  token: string;
  email: string;
  password: string;
  lines: World['lines'];
};

async function api(base: string, path: string, init: { method?: string; token?: string; body?: unknown }) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body as Record<string, unknown>;
}

/** One shopper for the run (registered and signed in through the API) and real cart lines. */
async function openShop(base: string): Promise<Shop> {
  const email = `journeys.${Date.now().toString(36)}@example.in`;
  const password = 'chai-pe-charcha-42';
  await api(base, '/users/register', {
    method: 'POST',
    body: { email, password, firstName: 'Asha', lastName: 'Verma' },
  });
  const { token } = (await api(base, '/users/authorize', { method: 'POST', body: { email, password } })) as {
    token: string;
  };
  const list = (await api(base, '/products?limit=100', {})) as unknown as { data: ApiProduct[] };
  const products = list.data.map(toDisplayProduct);
  const sized = products.find((p) => (p.sizes?.length ?? 0) > 1 && (p.colors?.length ?? 0) > 1);
  const simple = products.find((p) => p.sizes?.length === 1 && (p.colors?.length ?? 0) <= 1);
  const sizesOnly = products.find((p) => (p.sizes?.length ?? 0) > 1 && (p.colors?.length ?? 0) <= 1);
  if (!sized || !simple || !sizesOnly)
    throw new Error(
      'the catalogue needs a product with sizes and colours, a one-size one and one with sizes in one colour',
    );
  const { sizeOptions: _s, colorOptions: _c, ...chosen } = cardCartLine(sized);
  return {
    base,
    token,
    email,
    password,
    lines: {
      sized: { ...chosen, selectedSize: sized.sizes?.[1], selectedColor: sized.colors?.[1] },
      simple: { ...cardCartLine(simple) },
      sizeToChoose: { ...cardCartLine(sized) },
      sizeOnlyToChoose: { ...cardCartLine(sizesOnly) },
    },
  };
}

const SHIPPING = {
  fullName: 'Asha Verma',
  address: '12, 3rd Cross, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  phone: '+919876543210',
};

async function createOrder(shop: Shop): Promise<string> {
  const request = toCreateOrderRequest({
    items: [shop.lines.sized] as never,
    shipping: SHIPPING,
  });
  const order = await api(shop.base, '/orders', { method: 'POST', token: shop.token, body: request });
  return String(order.id);
}

type Held = { route: Route; request: Request };

/** The world of one journey: its page, the held requests and the gateway helpers. */
async function worldFor(page: Page, shop: Shop, drivers: AnyDrivers, orderId: string | null): Promise<World> {
  const queues = new Map<string, Held[]>();
  const waiters = new Map<string, () => void>();
  const keyOf = (m: AnyDrivers['requests'][string]) => `${[m.method].flat().join('|')} ${m.path.source}`;
  for (const matcher of new Map(Object.values(drivers.requests).map((m) => [keyOf(m), m])).values()) {
    const key = keyOf(matcher);
    await page.route(
      (url) => matcher.path.test(url.pathname),
      async (route, request) => {
        if (![matcher.method].flat().includes(request.method())) return route.fallback();
        const list = queues.get(key) ?? [];
        list.push({ route, request });
        queues.set(key, list);
        waiters.get(key)?.();
      },
    );
  }
  const nextHeld = async (key: string, actor: string): Promise<Held> => {
    const deadline = Date.now() + TIMEOUT;
    for (;;) {
      const list = queues.get(key) ?? [];
      if (list.length > 0) {
        // A request left over from a state the machine has left (a poll the clock started) is let through.
        const newest = list.pop() as Held;
        for (const stale of list.splice(0)) await stale.route.continue().catch(() => {});
        return newest;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${actor} made no request within ${TIMEOUT / 1000} s`);
      await new Promise<void>((done) => {
        const timer = setTimeout(done, left);
        waiters.set(key, () => {
          clearTimeout(timer);
          done();
        });
      });
    }
  };
  const answer = async (actor: string, how: Answer) => {
    const matcher = drivers.requests[actor];
    if (!matcher) throw new Error(`no request matcher for ${actor}`);
    const { route } = await nextHeld(keyOf(matcher), actor);
    switch (how.kind) {
      case 'real':
        return route.continue();
      case 'real-at':
        return route.continue({ url: `${shop.base}${how.path}` });
      case 'reshape': {
        const real = await route.fetch();
        return route.fulfill({ status: 200, json: how.body(await real.json()) });
      }
      case 'fault':
        return route.fulfill({ status: how.status, json: how.body });
      case 'no-response':
        return route.abort('connectionrefused');
    }
  };
  return {
    page,
    base: shop.base,
    shopper: { email: shop.email, password: shop.password },
    orderId,
    lines: shop.lines,
    memo: {},
    answer,
    payOnGateway: async (id) => {
      const started = await api(shop.base, '/payments', {
        method: 'POST',
        token: shop.token,
        body: {
          orderId: id,
          fields: { payerName: 'Asha Verma', email: shop.email, phone: SHIPPING.phone, method: 'card' },
        },
      });
      const gatewayUrl = String(started.redirectUrl);
      const gateway = await page.context().newPage();
      try {
        await gateway.goto(gatewayUrl);
        await gateway.getByRole('button', { name: /^Pay ₹/ }).click({ timeout: TIMEOUT });
        await gateway.waitForURL((u) => u.pathname === '/order-success', { timeout: TIMEOUT });
      } finally {
        await gateway.close();
      }
    },
    hangGateway: async () => {
      // 204 No Content: the browser stays where it is, as when a gateway page never opens. (A request
      // held forever would also do it, but Playwright waits for a pending navigation before it acts.)
      await page.route(/\/api\/v1\/payments\/sandbox\//, (route, request) =>
        request.method() === 'POST' ? route.fulfill({ status: 204 }) : route.fallback(),
      );
    },
    advance: (ms) => page.clock.fastForward(ms),
  };
}

type Outcome = { ok: boolean; error?: string; reached: number; ms: number };

async function runJourney(browser: Browser, shop: Shop, journey: Runnable): Promise<Outcome> {
  const started = Date.now();
  try {
    return await replay(browser, shop, journey, started);
  } catch (error) {
    return {
      ok: false,
      error: (error as Error).message.split('\n')[0],
      reached: 0,
      ms: Date.now() - started,
    };
  }
}

async function replay(browser: Browser, shop: Shop, journey: Runnable, started: number): Promise<Outcome> {
  const drivers = driven[journey.machine];
  if (!drivers) throw new Error(`No browser drivers for the ${journey.machine} machine`);
  const context = await browser.newContext({
    ...(journey.phone
      ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } }),
    reducedMotion: 'reduce',
  });
  await context.addCookies([{ name: 'auth_token', value: shop.token, url: shop.base }]);
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // What the page sent to the API besides reads, for the report of a failure: whether the form sent
  // what the journey chose in it (a method, a field) tells a page's fault from a driver's.
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' && url.pathname.startsWith('/api/'))
      sent.push(`${request.method()} ${url.pathname} ${request.postData() ?? ''}`.trim());
  });
  let reached = 0;
  let where = 'setting up';
  try {
    const wantsOrder =
      typeof drivers.needsOrder === 'function' ? drivers.needsOrder(journey.input) : drivers.needsOrder;
    const orderId = wantsOrder ? await createOrder(shop) : null;
    const world = await worldFor(page, shop, drivers, orderId);
    if (journey.steps.some((s) => s.event.type.startsWith('xstate.after.'))) await page.clock.install();
    const driverOf = (event: EventObject) => {
      const driver = drivers.steps[stepKeyOf(event)];
      if (!driver) throw new Error(`No driver for ${stepKeyOf(event)}`);
      return driver;
    };
    for (const [i, { event, state }] of journey.steps.entries()) {
      const next = journey.steps[i + 1]?.event;
      const driver = driverOf(event);
      where = `step ${i + 1} (${stepKeyOf(event)} → ${state})`;
      const later = journey.steps.slice(i + 1).map((step) => step.event);
      if (next) await driverOf(next).arrange?.({ world, event: next, next: later[1], later: later.slice(1) });
      await forgetToasts(page);
      // Before the start, the context is the machine's first one (what its input made it).
      const before = i === 0 ? journey.steps[0]?.context : journey.steps[i - 1]?.context;
      await driver.perform({ world, event, next, later, context: before });
      const check = drivers.states[state];
      if (!check) throw new Error(`No check for the state ${state}`);
      if ('transient' in check) throw new Error(`${state} is transient: a journey never rests there`);
      // The step's own text first: a state's check may follow a link (auth's to the header), and leaving
      // a page takes down an error toast about it.
      const extra = driver.shows?.(event);
      if (extra) await shown(page, extra);
      await check.check(world, journey.steps[i]?.context);
      reached = i + 1;
    }
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    return { ok: true, reached, ms: Date.now() - started };
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? String(error);
    mkdirSync(SHOTS, { recursive: true });
    const shot = join(SHOTS, `${journey.machine}-${journey.title.replace(/[^\w]+/g, '-')}-${Date.now()}.png`);
    const shown = await Promise.race([
      page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 240)).catch(() => '?'),
      new Promise<string>((done) => setTimeout(() => done('(page not answering)'), 3000)),
    ]);
    const saved = await Promise.race([
      page.screenshot({ path: shot, fullPage: true, timeout: 5000 }).then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((done) => setTimeout(() => done(false), 6000)),
    ]);
    const requests = sent.slice(-3).map((line) => `\n     sent ${line.slice(0, 300)}`);
    where += `\n     at ${page.url()}, showing: ${shown}${requests.join('')}${saved ? `\n     screenshot ${shot}` : ''}\n    `;
    return { ok: false, error: `${where}: ${message}`, reached, ms: Date.now() - started };
  } finally {
    await context.close();
  }
}

/**
 * The default journeys of the driven machines (or of those named): every one with `all`, else each
 * machine's cover and this run's turn of the rest (selection.ts).
 */
function defaultJourneys(names: string[], all: boolean, turn: number): Runnable[] {
  const counts: string[] = [];
  const journeys = names.flatMap((machine) => {
    const model = modelNamed(machine);
    const paths = defaultJourneyPaths(model);
    const titles = journeyTitles(model, paths, (event) => describeStep(event, model.machine));
    const { cover, turns } = selectionOf(model, paths);
    const chosen = all ? [...paths.keys()] : [...cover, ...(turns[turn] ?? [])].sort((a, b) => a - b);
    counts.push(
      all
        ? `${machine} ${paths.length}`
        : `${machine} ${cover.length}+${turns[turn]?.length}/${paths.length}`,
    );
    return chosen.map((i) => {
      const path = paths[i] as GraphPath;
      return {
        machine,
        title: titles[i] as string,
        input: path.input,
        steps: path.steps.map((s) => ({
          event: s.event,
          state: stateName(s.state),
          context: s.state.context,
        })),
        path,
      };
    });
  });
  console.log(
    all
      ? `Every journey: ${counts.join(', ')}`
      : `Journeys: the cover of every state and transition + turn ${turn} of ${TURNS} of the rest (--all for every one): ${counts.join(', ')}`,
  );
  return journeys;
}

/** Journeys from a file `npm run journeys -- <machine> --format json` printed (maybe edited). */
function journeysFromFile(file: string): Runnable[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const list = (Array.isArray(parsed) ? parsed : [parsed]) as {
    title: string;
    machine?: string;
    case?: string;
    steps: { event: unknown; says?: string; state: string }[];
  }[];
  return list.map((journey) => {
    const machine = journey.machine ?? process.env.JOURNEY_MACHINE;
    if (!machine) throw new Error(`${journey.title}: no "machine" (as --format json prints it)`);
    const model = modelNamed(machine);
    const caseOf =
      model.cases.find((c) => c.title === journey.case) ??
      model.cases.find((c) => journey.title.startsWith(`${c.title} →`));
    if (!caseOf) throw new Error(`${journey.title}: no case of ${machine} named '${journey.case ?? ''}'`);
    const events = journeyEvents(machine);
    const steps = journey.steps.map((step, i) => {
      const event = eventOfStep(events, step);
      if (!event)
        throw new Error(
          `${journey.title}, step ${i + 1}: ${JSON.stringify(step.event)} is not an event of the ${machine} model. Known:\n  ${[...events.keys()].join('\n  ')}`,
        );
      return { event, state: step.state };
    });
    return { machine, title: journey.title, input: caseOf.input, steps };
  });
}

/** The states and transitions the browser run reached, per machine, from the steps it verified. */
function writeReached(journeys: Runnable[], outcomes: Outcome[], replayed: string) {
  const byMachine: Record<
    string,
    { states: string[]; transitions: string[]; journeys: number; passed: number }
  > = {};
  for (const machine of new Set(journeys.map((j) => j.machine))) {
    const model = modelNamed(machine);
    const prefixes = journeys.flatMap((j, i) =>
      j.machine === machine && j.path
        ? [{ ...j.path, steps: j.path.steps.slice(0, outcomes[i]?.reached ?? 0) } as GraphPath]
        : [],
    );
    const covered = coverageOf(
      model,
      prefixes.filter((p) => p.steps.length > 0),
    );
    byMachine[machine] = {
      states: [...covered.states].sort(),
      transitions: [...covered.transitions].sort(),
      journeys: prefixes.length,
      passed: journeys.filter((j, i) => j.machine === machine && outcomes[i]?.ok).length,
    };
  }
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  writeFileSync(
    REACHED_FILE,
    `${JSON.stringify({ at: new Date().toISOString(), replayed, machines: byMachine }, null, 2)}\n`,
  );
}

async function main(argv: string[]) {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} not found (apt-get install chromium); no browser is downloaded`);
  const fileAt = argv.indexOf('--file');
  const file = fileAt >= 0 ? argv[fileAt + 1] : undefined;
  const names = argv.filter((a, i) => !a.startsWith('--') && (fileAt < 0 || i !== fileAt + 1));
  // A machine named is replayed whole: whoever names one is working on it.
  const all = argv.includes('--all') || names.length > 0;
  // One `git rev-list` a run: the turn picks the journeys and names them in the reached log.
  const turn = currentTurn();
  for (const name of names)
    if (!driven[name]) throw new Error(`No browser drivers for ${name}: ${Object.keys(driven).join(', ')}`);
  const journeys = withPhoneReplays(
    file
      ? journeysFromFile(file)
      : defaultJourneys(names.length > 0 ? names : Object.keys(driven), all, turn),
  );
  if (!existsSync(join(ROOT, 'dist/index.html'))) {
    console.log('dist/ is missing: npm run build');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  // Each server only when journeys need it: the lifecycle's own, and the one for every other machine.
  const lifecycleServer = journeys.some((j) => j.machine === LIFECYCLE) ? await startServer(true) : null;
  const server = journeys.some((j) => j.machine !== LIFECYCLE)
    ? await startServer().catch(async (error: unknown) => {
        await lifecycleServer?.stop();
        throw error;
      })
    : null;
  // The shops' origins may open upi:// links, as on a phone with a UPI app (launchShopperBrowser).
  const launch = () =>
    launchShopperBrowser([server?.base, lifecycleServer?.base].filter((base): base is string => !!base));
  let browser = await launch();
  // A browser that went away under the run (killed from outside, out of memory) is started again and
  // the journey it was running is run once more; a journey's own failure is never retried.
  let relaunching: Promise<Browser> | null = null;
  const liveBrowser = async () => {
    if (browser.isConnected()) return browser;
    relaunching ??= launch().then((b) => {
      browser = b;
      relaunching = null;
      console.log('(the browser went away: started it again)');
      return b;
    });
    return relaunching;
  };
  const started = Date.now();
  const outcomes: Outcome[] = new Array(journeys.length);
  try {
    const shop = server ? await openShop(server.base) : null;
    const lifecycleShop = lifecycleServer ? await openShop(lifecycleServer.base) : null;
    const shopFor = (journey: Runnable) => {
      const chosen = journey.machine === LIFECYCLE ? lifecycleShop : shop;
      if (!chosen) throw new Error(`no server was started for the ${journey.machine} journeys`);
      return chosen;
    };
    let nextIndex = 0;
    const worker = async () => {
      for (;;) {
        const index = nextIndex++;
        const journey = journeys[index];
        if (!journey) return;
        let outcome = await runJourney(await liveBrowser(), shopFor(journey), journey);
        if (!outcome.ok && !browser.isConnected())
          outcome = await runJourney(await liveBrowser(), shopFor(journey), journey);
        outcomes[index] = outcome;
        const name = `${journey.machine} #${index + 1} ${journey.title}`;
        console.log(
          outcome.ok
            ? `ok   ${name} (${journey.steps.length} steps, ${(outcome.ms / 1000).toFixed(1)} s)`
            : `FAIL ${name}\n     ${outcome.error}`,
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(WORKERS, journeys.length) }, worker));
  } finally {
    await browser.close();
    await server?.stop();
    await lifecycleServer?.stop();
  }
  const failed = outcomes.filter((o) => !o.ok).length;
  if (!file && names.length === 0)
    writeReached(journeys, outcomes, all ? 'every journey' : `the cover and turn ${turn} of ${TURNS}`);
  console.log(
    `\n${outcomes.length - failed} passed, ${failed} failed (${journeys.length} journeys in ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  if (failed > 0) process.exit(1);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
