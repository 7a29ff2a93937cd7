// npm test: every installed package runs on the oldest Node.js that package.json's `engines` (and the README) promise,
// so a dependency update cannot quietly require a newer Node (issue 12: cookie@2 and content-disposition@3 asked for 22).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const oldest = semver.minVersion(pkg.engines.node);
const problems = [];
if (!semver.satisfies(process.versions.node, pkg.engines.node))
  problems.push(`este Node.js ${process.versions.node} não atende engines.node "${pkg.engines.node}"`);
for (const [where, p] of Object.entries(lock.packages)) {
  // Optional packages for other platforms are in the lock but not installed.
  if (!where || !p.engines?.node || !existsSync(path.join(root, where))) continue;
  if (!semver.satisfies(oldest, p.engines.node, { includePrerelease: true }))
    problems.push(`${where}@${p.version} pede Node ${p.engines.node}; prometemos ${pkg.engines.node}`);
}
if (problems.length) {
  console.error(`Versões do Node.js em conflito:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`engines: todas as dependências instaladas rodam no Node.js ${oldest} (${pkg.engines.node}).`);
