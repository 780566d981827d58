// 500 generated hostile requests to each call that takes an id, e-mail or query in its URL, on SQLite.
import { urlCalls } from './hostile-calls.js';
import { describeHostileInput } from './hostile-runner.js';

describeHostileInput('sqlite', urlCalls, 500);
