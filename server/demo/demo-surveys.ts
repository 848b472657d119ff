import 'server-only';

import demoAllWidgets from './demo-all-widgets.json';
import demoAnswerLater from './demo-answer-later.json';
import demoClosedAuthor from './demo-closed-author.json';
import demoClosedDate from './demo-closed-date.json';
import demoClosedMax from './demo-closed-max.json';
import demoEndBack from './demo-end-back.json';
import demoEndPage from './demo-end-page.json';
import demoEndResume from './demo-end-resume.json';
import demoEndUrl from './demo-end-url.json';
import demoLogic from './demo-logic.json';
import demoMultilang from './demo-multilang.json';
import demoPassword from './demo-password.json';
import demoPiping from './demo-piping.json';
import demoQuiz from './demo-quiz.json';
import demoSimple from './demo-simple.json';
import demoTimer from './demo-timer.json';
import demoValidation from './demo-validation.json';

/**
 * The demo survey files, imported statically so they ship inside the server bundle whatever the deployment
 * layout (no file-system read at start-up). A test checks that every JSON file of this folder is listed here.
 */
export const demoSurveyFiles: ReadonlyArray<{ readonly survey_code: string }> = [
  demoAllWidgets,
  demoAnswerLater,
  demoClosedAuthor,
  demoClosedDate,
  demoClosedMax,
  demoEndBack,
  demoEndPage,
  demoEndResume,
  demoEndUrl,
  demoLogic,
  demoMultilang,
  demoPassword,
  demoPiping,
  demoQuiz,
  demoSimple,
  demoTimer,
  demoValidation,
];
