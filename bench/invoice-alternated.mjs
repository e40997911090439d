// bench/invoice-alternated.mjs — two (or more) builds in ONE process, warm invoice renders alternated
// one by one (the order flipped every other round), the shared invoice parsed afresh before each
// render (untimed, as ../shared/bench/run.sh does, so a base64 font text is a new string every time):
// per-render CPU (process.cpuUsage) and wall, median and mean. On a loaded machine this separates
// builds that separate processes cannot (load swings between processes).
//   node bench/invoice-alternated.mjs dist/bench-entry.js /work/main/dist/bench-entry.js   (N=400 by default)
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';

const mods = process.argv.slice(2).map((m) => resolve(m));
const renders = await Promise.all(mods.map(async (m) => (await import(m)).render));
const text = readFileSync(
  join(import.meta.dirname, '..', '..', 'shared', 'bench', 'scenarios', 'invoice.json'),
  'utf8',
);
const n = Number(process.env.N ?? 400);
for (let i = 0; i < 30; i++) for (const r of renders) r(JSON.parse(text));
const cpu = mods.map(() => []);
const wall = mods.map(() => []);
for (let i = 0; i < n; i++)
  for (let j = 0; j < renders.length; j++) {
    const k = i & 1 ? renders.length - 1 - j : j;
    const d = JSON.parse(text);
    const c = process.cpuUsage();
    const t = performance.now();
    renders[k](d);
    wall[k].push(performance.now() - t);
    const u = process.cpuUsage(c);
    cpu[k].push((u.user + u.system) / 1000);
  }
const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
for (const [j, m] of mods.entries())
  console.log(
    `${m}: CPU median ${med(cpu[j]).toFixed(3)} mean ${mean(cpu[j]).toFixed(3)} | wall median ${med(wall[j]).toFixed(3)} mean ${mean(wall[j]).toFixed(3)} ms`,
  );
console.log(`load ${loadavg()[0].toFixed(2)} ${new Date().toISOString()}`);
