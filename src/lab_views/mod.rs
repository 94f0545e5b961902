//! What a run of the model looks like, wherever it is shown: the judgment laid out (`report`),
//! the sequence diagram with its marks (`sequence`, `sequence_marks`, on `diagram`'s shared
//! parts), the operations picture and table (`operations`), the step table (`trace`), one path
//! step by step with them (`path_view`), the player, the prediction form and its verdict
//! (`predict`, `predict_verdict`), and the explorer's view as an address (`state`). The
//! explorer (`experiments`) and the lab chapter's commands
//! (`reading::lab`) both use it; neither reaches into the other.

pub mod diagram;
pub mod operations;
pub mod path_view;
pub mod player;
pub mod predict;
mod predict_verdict;
pub mod report;
pub mod sequence;
mod sequence_marks;
pub mod state;
pub mod trace;
