// Stairs of examples/scenarios/cpu-starved.yaml (the cpu scenario with 120 and 200 requests in flight at
// its saturated steps, so the agent's metrics thread waits for a core behind them). hey runs them here:
// examples/run-scenario.sh cpu-starved.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [5, 15, 120, 200],
  stepSeconds: 30,
  ciStepSeconds: 20,
  maxVUs: 200,
  endpoint: 'map-layer',
  method: 'GET',
  path: '/map/layers/districts',
});

export const options = test.options;
export default test.run;
