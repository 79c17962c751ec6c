#!/usr/bin/env node
// In this repository the CLI is TypeScript run through tsx, so it needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
