#!/usr/bin/env node
// `npm run web -- [--port N] [--data DIR] [--no-open]`: the browser shell, built first if needed.
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
await import('../out/main/web.js');
