import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { newSkillError } from '../../../../shared/profile/skills.ts';
import { translateProfileMessage } from '../profile-message-keys.ts';

/**
 * A skill being typed and added with the profile's rules (no empty, duplicate in any case or 16th skill): Enter adds it
 * and never submits the form around it; a refused skill stays in the box with the rule's message. For the inputs that
 * take skills outside the profile (the job form's required skills, the wizard's skills step).
 */
export function useSkillDraft(value: string[], onChange: (skills: string[]) => void) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  function add() {
    const problem = newSkillError(value, draft);
    if (problem) {
      setMessage(translateProfileMessage(problem, t));
      return;
    }
    onChange([...value, draft.trim()]);
    setDraft('');
    setMessage(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }

  return { draft, setDraft, message, setMessage, add, onKeyDown };
}
