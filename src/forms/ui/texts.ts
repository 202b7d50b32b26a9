import { formPageMessages } from '../../platform/messages/forms.ts';
import { formsUiMessages } from '../../platform/messages/forms-ui.ts';

/**
 * The forms' texts for the browser, taken from their own files in platform/messages so that the
 * embed does not carry every text of the shop.
 */
export const formTexts = formPageMessages;
export const uiTexts = formsUiMessages.formsUi;
