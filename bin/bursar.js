#!/usr/bin/env node
// The `bursar` command: TypeScript sources run through tsx, so there is no build step to forget.
require('tsx/cjs');
require('../src/app/tracing-preload.ts'); // before the CLI requires http and pg, for their instrumentations
require('../src/app/cli.ts');
