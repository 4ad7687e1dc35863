import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { FAILED_MARKER } from './state.js';

/**
 * Leaves a mark when a journey fails (a retry that passes included), so global teardown, which runs
 * before the reporters end, prints the services' logged failures before it removes their logs.
 */
export default class FailureMarker implements Reporter {
  onTestEnd(_test: TestCase, result: TestResult): void {
    if (result.status === 'failed' || result.status === 'timedOut' || result.status === 'interrupted') writeFileSync(FAILED_MARKER, String(Date.now()));
  }
}
