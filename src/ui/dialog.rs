//! A modal dialog opened and closed by a signal: Esc and the close button both clear it.

use leptos::html;
use leptos::prelude::*;

#[component]
pub fn Dialog(
    open: RwSignal<bool>,
    /// The id of the dialog's heading, which names it.
    labelled_by: &'static str,
    #[prop(optional, into)] id: Option<&'static str>,
    children: Children,
) -> impl IntoView {
    let dialog = NodeRef::<html::Dialog>::new();
    Effect::new(move |_| {
        let Some(d) = dialog.get() else { return };
        if open.get() && !d.open() {
            let _ = d.show_modal();
        } else if !open.get() && d.open() {
            d.close();
        }
    });
    view! {
        <dialog
            node_ref=dialog
            id=id
            class="dialog"
            aria-labelledby=labelled_by
            on:close=move |_| open.set(false)
        >
            {children()}
        </dialog>
    }
}
