// The SCORM launch page's sentences (the student's status line, each interaction's description
// the course's gradebook shows), in the language the teacher made the package in. The launch
// script (scorm-launch.js) must stay self-contained: it gets them as data in its config, with
// their {placeholders} to fill.
import { t, pageLanguage } from "../i18n/i18n.js";

export function launchWords() {
  return {
    lang: pageLanguage(),
    connecting: t("Connecting to your course…"),
    noLms: t("No course (LMS) was found around this page, so your answers are not recorded: open the exercise from your course."),
    notStarted: t("The course (LMS) did not start this attempt, so your answers are not recorded."),
    loading: t("Loading the exercise… Answer the questions in the lab below; your score is sent to your course at the end."),
    answered: t("Answered {answered} of {max}: {score} right so far. Your score is sent when you have answered {max}."),
    done: t("Done: {score} of {max} right. Your score was sent to your course."),
    description: t("Example {t}: a mistake? If so, the new weights."),
  };
}
