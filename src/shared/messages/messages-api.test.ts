import { describe, expect, it } from 'vitest';
import {
  fillVariables,
  messageVariables,
  starterTemplates,
  unknownVariables,
  unknownVariablesOf,
} from './messages-api.ts';

const values = { firstName: 'Ada', jobTitle: 'Robotics Intern', organization: 'Acme', recruiterName: 'Mia' };

describe('message variables', () => {
  it('fills each known variable, spaces inside the braces allowed, and leaves everything else as written', () => {
    expect(fillVariables('Hi {{firstName}}, {{ jobTitle }} at {{organization}}. {{recruiterName}}', values)).toBe(
      'Hi Ada, Robotics Intern at Acme. Mia',
    );
    expect(fillVariables('{{unknown}} {firstName} {{{firstName}}}', values)).toBe('{{unknown}} {firstName} {Ada}');
  });

  it('inserts values as plain text: no second expansion, no replacement patterns', () => {
    const tricky = { ...values, firstName: '{{jobTitle}} $& $1 $$' };
    expect(fillVariables('Hi {{firstName}}!', tricky)).toBe('Hi {{jobTitle}} $& $1 $$!');
  });

  it('names unknown variables once each, in order; the known ones are not reported', () => {
    expect(unknownVariables('{{firstname}} {{salary}} {{firstName}} {{salary}} {{__proto__}}')).toEqual([
      'firstname',
      'salary',
      '__proto__',
    ]);
    expect(
      unknownVariablesOf([{ subject: '{{a}}', body: '{{b}}' }, undefined, { subject: '{{a}}', body: 'x' }]),
    ).toEqual(['a', 'b']);
  });

  it('starter templates use only the known variables, in both languages', () => {
    for (const starter of starterTemplates) {
      expect(unknownVariablesOf([starter.texts.en, starter.texts.fr]), starter.key).toEqual([]);
    }
    expect(messageVariables).toHaveLength(4);
  });
});
