// Tests that search regular expressions import this first, as the server's job board does: the engine is provided
// rather than imported by job-search.ts (regex-engine.ts), and regex-engine.test.ts checks the search without it.
import { RE2JS } from 're2js';
import { provideRegexEngine } from './regex-engine.ts';

provideRegexEngine(RE2JS);
