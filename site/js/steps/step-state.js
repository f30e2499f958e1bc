// The step-through's state, shared by the stepper (steps/stepper.js: the run, the position, the
// frames) and its play clock (steps/play-clock.js): one object, so both read and move the same step.
export const S = {
  call: null,         // (request) => Promise<bridge response>
  res: null,          // the train result being stepped through
  names: [],          // component names of w (result.w_names)
  total: 0,           // the last position: steps run 0..total (updates), or visits 0..total
  updates: 0,         // number of recorded updates
  byVisit: false,     // step through every example visited, not only the updates
  gen: 0,             // bumps on every new result: late answers of an old run are dropped
  pos: 0,             // the step the user (or play) is at: the one source of the position
  want: 0,            // the step asked of the bridge next
  shown: -1,          // the step on screen
  shownProof: false,  // the shown step came with its proof plot
  inflight: 0,        // frame requests on their way (two while playing behind the pace)
  requested: -1,      // the step of the newest request
  playing: false, playFrom: 0, playT0: 0, timer: null, announceNext: false,
  onFrame: null,      // (frame, {auto, user}) => void: every step shown (watch.js)
  onPicture: null,    // (step position, {auto, user}) => void: every animation frame drawn by the page
  onMistakes: null,   // (answer) => void: the mistakes plot grown to the finished epochs (auto-play)
  shownHooks: [],     // (frame, {total, visits}) => void: every step shown, once (announcements, sonification)
  raf: 0,             // the animation frame requested while the page draws the show itself
  auto: null,         // while the page plays a run by itself: {stride (updates a beat), end, onEnd}
  user: false,        // the reader moved the step-through since this result
  lastNow: 0,         // the play clock's last animation frame (waiting for frames stops the clock)
  atEnd: false,       // the show's last step is painted
};
