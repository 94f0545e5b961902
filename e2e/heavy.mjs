// A heavy learner's document, years of daily use: 2,000 attempts spread over the four
// questions, each answer 500 characters of the lesson's own text (Chinese with its code terms),
// every chapter read, every experiment run, 500 predictions, a review schedule per question.
// Deterministic, so runs compare. Used by the years-of-use test and tools/years-bench.mjs.
import { readFileSync } from 'node:fs';
import { CHAPTERS } from './lesson.mjs';

const LESSON = [...readFileSync(new URL('../content/source/lesson.txt', import.meta.url), 'utf8').replace(/\s+/g, ' ')];
const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);

const CASES = ['fencing', 'operations'];
const VARIANTS = { fencing: ['correct', 'no-fence', 'split-authority', 'rollback-issuer', 'precheck', 'no-fence,precheck'], operations: ['correct', 'no-fence'] };

export function heavyDocument({ attempts = 2000, answerChars = 500, predictions = 500 } = {}) {
  const answer = (i) => {
    const from = (i * 7919) % (LESSON.length - answerChars);
    return LESSON.slice(from, from + answerChars).join('');
  };
  const ratings = ['missed', 'partial', 'full'];
  const questions = {};
  for (let q = 1; q <= 4; q++) {
    questions[`q${q}`] = {
      current: { answer: '', revealed: false, ticked: [], updated_at: START, wording: 2 },
      attempts: [],
      review: { box: 3, due: START + 3 * DAY },
    };
  }
  for (let i = 0; i < attempts; i++) {
    const q = questions[`q${(i % 4) + 1}`];
    q.attempts.push({ answer: answer(i), ticked: [0, 1, 2].slice(0, i % 4), rating: ratings[i % 3], at: START + i * 3_600_000, wording: 2 });
  }
  const chapters = Object.fromEntries(CHAPTERS.map(([slug], i) => [slug, { opened_at: START + i, read_at: START + i + 60_000 }]));
  const runs = {};
  for (const c of CASES) for (const v of VARIANTS[c]) runs[`${c}/${v}`] = { count: 40, last_at: START + DAY };
  const preds = [];
  for (let i = 0; i < predictions; i++) {
    preds.push({ experiment: 'fencing/no-fence', guess: { kind: 'fencing', broken: i % 2 ? ['revoked_generation_overwrite'] : [] }, hit: i % 2 === 1, at: START + i * 60_000 });
  }
  return { version: 5, chapters, runs, questions, predictions: preds };
}
