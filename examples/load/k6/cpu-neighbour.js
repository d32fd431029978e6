// Stairs of examples/scenarios/cpu-neighbour.yaml (the map layer on a host shared with a busier
// neighbour that the kernel gives its core first). The neighbour is run-scenario.sh's: with k6 on
// your own host, start your neighbour beside the service. hey runs them here:
// examples/run-scenario.sh cpu-neighbour.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [2, 4, 12, 24],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 60,
  endpoint: 'map-layer',
  method: 'GET',
  path: '/map/layers/districts',
});

export const options = test.options;
export default test.run;
