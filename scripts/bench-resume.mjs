#!/usr/bin/env node
// `npm run bench:resume`: how well and how fast the resume parser reads the labelled set in tests/fixtures/resumes.
//
// Prints, per field, how many values the parser proposed, how many the labels expect, how many agree, precision,
// recall and F1 (links: GitHub, LinkedIn, Devpost and portfolio together; skills: each skill counted), then the
// time per resume in Node (PDF.js opening the file, reading the text, parsing). Asserts nothing: the unit test
// src/shared/resume/resume-set.test.ts holds the floor. `--mistakes` lists every wrong or missing value.
// `--browser` runs scripts/bench-resume-browser.mjs instead: the time in Chromium, on the page slowed 4x and in the worker.
import { ResumeScorer, scoredFields } from '../src/shared/resume/resume-score.ts';
import { loadResumeSet, parseResumeFile } from '../tests/resume-set/resume-set.ts';

if (process.argv.includes('--browser')) {
  await import('./bench-resume-browser.mjs');
  process.exit(0);
}
const showMistakes = process.argv.includes('--mistakes');
const resumes = loadResumeSet();
const scorer = new ResumeScorer();
const times = [];
const twoPageTimes = [];
// One untimed run first: the first parse pays for loading PDF.js and compiling the parser.
await parseResumeFile(resumes[0].bytes);
for (const resume of resumes) {
  const { fields, milliseconds } = await parseResumeFile(resume.bytes);
  times.push(milliseconds);
  if (resume.pages === 2) twoPageTimes.push(milliseconds);
  const mistakes = scorer.add(fields, resume.expected);
  if (showMistakes) {
    for (const mistake of mistakes) {
      console.log(
        `${resume.id}  ${mistake.field}: found ${JSON.stringify(mistake.found)}, expected ${JSON.stringify(mistake.expected)}`,
      );
    }
  }
}

const percent = (value) => `${(value * 100).toFixed(1)}%`;
const scores = scorer.scores();
const languages = new Set(resumes.map((resume) => resume.language));
const twoColumns = resumes.filter((resume) => resume.layout !== 'one').length;
console.log(
  `\n${resumes.length} resumes (${twoColumns} with two columns, ${resumes.filter((resume) => resume.pages === 2).length} of two pages; ${[...languages].join(', ')})\n`,
);
console.log('| field | proposed | expected | right | precision | recall | F1 |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const field of scoredFields) {
  const score = scores[field];
  console.log(
    `| ${field} | ${score.found} | ${score.expected} | ${score.correct} | ${percent(score.precision)} | ${percent(score.recall)} | ${percent(score.f1)} |`,
  );
}
const sorted = [...times].sort((a, b) => a - b);
const mean = (list) => list.reduce((sum, value) => sum + value, 0) / list.length;
console.log(
  `\nTime per resume in Node ${process.version} (open + read + parse): mean ${mean(times).toFixed(1)} ms, median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms; two-page resumes: mean ${mean(twoPageTimes).toFixed(1)} ms`,
);
