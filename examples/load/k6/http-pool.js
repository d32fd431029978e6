// Stairs of examples/scenarios/http-pool.yaml for k6 users (hey runs them here: examples/run-scenario.sh http-pool).
// Expected: step 3 limited (achieved ~55-100 of 150 RPS): the carrier client's HttpClient 5 pool, 2 connections
// per route, leased = max with requests pending (outbound-pool; wait-site before that rule).
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [10, 25, 150, 300],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 150,
  endpoint: 'shipping',
  method: 'GET',
  path: '/shipping/quote?zip=10115',
});

export const options = test.options;
export default test.run;
