import { describe, expect, it } from 'vitest';
import { progressWidth, stepText } from './indicator.ts';
import { flattenFieldErrors } from './submit.ts';

describe('page indicator (seed 002 §2)', () => {
  it('sets the bar to the current page over the page count, and the step text', () => {
    expect(progressWidth(0, 4)).toBe('25%');
    expect(progressWidth(2, 3)).toBe('100%');
    expect(stepText('Step {current} of {total}', 1, 3)).toBe('Step 2 of 3');
  });
});

describe('server field errors (seed 002 §5)', () => {
  it('flattens nested errors onto input names', () => {
    expect(
      flattenFieldErrors({
        'wpforms[fields][2]': 'Bad email',
        3: { first: 'Needed', last: 'Needed too' },
        4: 'Too long',
      }),
    ).toEqual({
      'wpforms[fields][2]': 'Bad email',
      'wpforms[fields][3][first]': 'Needed',
      'wpforms[fields][3][last]': 'Needed too',
      'wpforms[fields][4]': 'Too long',
    });
  });
});
