#!/usr/bin/env node
// The package's `bin`: runs the TypeScript CLI through tsx's loader, so there is no build step
// between a clone and a running service.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
