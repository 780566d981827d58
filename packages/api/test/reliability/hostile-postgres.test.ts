// The same hostile requests on PostgreSQL, fewer per call: the rules are shared, the SQL engine is what differs.
import { bodyCalls, urlCalls } from './hostile-calls.js';
import { describeHostileInput } from './hostile-runner.js';

describeHostileInput('postgres', [...bodyCalls, ...urlCalls], 60);
