// 500 generated hostile requests to each call that takes a JSON body, on SQLite (see hostile-runner.ts).
import { bodyCalls } from './hostile-calls.js';
import { describeHostileInput } from './hostile-runner.js';

describeHostileInput('sqlite', bodyCalls, 500);
