import { describe, expect, it } from 'vitest';
import { type CpuProfile, summariseProfile } from '../../scripts/cpu-profile';

const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0 });
const NM = 'file:///app/node_modules';

/** root → fastify → our handler → pg → node:net → writev; our handler → stringify; root → (garbage collector). */
const profile: CpuProfile & { nodes: Array<CpuProfile['nodes'][number] & { children?: number[] }> } = {
  nodes: [
    { id: 1, callFrame: frame('(root)', ''), children: [2, 9] },
    { id: 2, callFrame: frame('runPreParsing', `${NM}/fastify/lib/route.js`), children: [3] },
    { id: 3, callFrame: frame('createOrder', 'file:///app/dist/.server/index.js'), children: [4, 7, 8] },
    { id: 4, callFrame: frame('submit', `${NM}/pg/lib/query.js`), children: [5] },
    { id: 5, callFrame: frame('Socket._writev', 'node:net'), children: [6] },
    { id: 6, callFrame: frame('writev', '') },
    { id: 7, callFrame: frame('stringify', '') },
    { id: 8, callFrame: frame('validate13', '') },
    { id: 9, callFrame: frame('(garbage collector)', '') },
  ],
  samples: [6, 6, 6, 7, 8, 3, 9, 2],
  timeDeltas: [100, 100, 100, 100, 100, 100, 100, 100],
  startTime: 0,
  endTime: 800,
};

describe('summariseProfile by part', () => {
  it('counts a socket write for its caller, and stringify, validators and GC wherever they run', () => {
    const parts = Object.fromEntries(summariseProfile(profile, [{ from: 0, to: 1000 }]).byPart);
    expect(parts['database driver (pg, its socket writes)']).toBeCloseTo(3 / 8);
    expect(parts['serialization (fast-json-stringify)']).toBeCloseTo(1 / 8);
    expect(parts['contract validation (ajv)']).toBeCloseTo(1 / 8);
    expect(parts['our code (server/, shared/)']).toBeCloseTo(1 / 8);
    expect(parts['garbage collection']).toBeCloseTo(1 / 8);
    expect(parts['lifecycle (fastify: routing, hooks, reply)']).toBeCloseTo(1 / 8);
  });
});
