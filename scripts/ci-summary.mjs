#!/usr/bin/env node
// Prints one closing line CI can read: "N passed, N failed, N skipped" over both suites.
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

if (vitestFile && existsSync(vitestFile)) {
  const r = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`unit/API: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
} else {
  failed += 1;
  console.log('unit/API: no report');
}

if (playwrightFile && existsSync(playwrightFile)) {
  const s = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats ?? {};
  const p = (s.expected ?? 0) + (s.flaky ?? 0);
  passed += p;
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  console.log(`end-to-end: ${p} passed, ${s.unexpected ?? 0} failed`);
} else {
  failed += 1;
  console.log('end-to-end: no report');
}

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
