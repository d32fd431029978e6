// Stairs of examples/scenarios/pool-wide.yaml (the pool scenario with 40 connections; the pool is a
// service setting, so the stairs are the pool scenario's). hey runs them here: examples/run-scenario.sh pool-wide.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [10, 30, 150, 300],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 200,
  endpoint: 'orders',
  method: 'POST',
  path: '/orders',
  body: open('../orders.json'),
});

export const options = test.options;
export default test.run;
