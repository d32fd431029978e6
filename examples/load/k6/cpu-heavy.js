// Stairs of examples/scenarios/cpu-heavy.yaml (the cpu scenario with a 1.5x larger layer; the size is a
// service setting, so the stairs are the cpu scenario's). hey runs them here: examples/run-scenario.sh cpu-heavy.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [5, 15, 40, 80],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 60,
  endpoint: 'map-layer',
  method: 'GET',
  path: '/map/layers/districts',
});

export const options = test.options;
export default test.run;
