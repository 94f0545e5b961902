//! The one place the app touches localStorage. Every key is namespaced; every access may
//! fail (storage disabled, full, or throwing SecurityError) and callers get a Result.

pub mod progress;
pub mod store;

use wasm_bindgen::JsValue;

/// Prefix of every key this app writes.
pub const NAMESPACE: &str = "fencing-study";

/// The time stamped on every record: milliseconds since the epoch, as JavaScript counts.
pub fn now() -> progress::Millis {
    js_sys::Date::now()
}

pub fn key(name: &str) -> String {
    format!("{NAMESPACE}.{name}")
}

/// Why a storage access failed, in words a learner can act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageError {
    /// localStorage is absent or access throws (private mode, blocked site data).
    Unavailable,
    /// setItem threw: usually the quota is exhausted.
    Full,
}

impl StorageError {
    pub fn message(&self) -> &'static str {
        match self {
            StorageError::Unavailable => "浏览器禁止本站使用本地存储：记录只保存在本页内存中，关闭标签页后会丢失。",
            StorageError::Full => "本地存储已满，未能保存：记录暂存在本页内存中，请导出备份或清理站点数据。",
        }
    }
}

fn local() -> Result<web_sys::Storage, StorageError> {
    let window = web_sys::window().ok_or(StorageError::Unavailable)?;
    // Both "throws" and "null" mean unavailable.
    window.local_storage().ok().flatten().ok_or(StorageError::Unavailable)
}

pub fn read(name: &str) -> Result<Option<String>, StorageError> {
    local()?.get_item(&key(name)).map_err(|_| StorageError::Unavailable)
}

/// Write, then read back: a write that did not stick is reported, not assumed.
pub fn write(name: &str, value: &str) -> Result<(), StorageError> {
    let storage = local()?;
    let k = key(name);
    storage.set_item(&k, value).map_err(|e: JsValue| {
        let quota = js_sys::Reflect::get(&e, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
            .is_some_and(|n| n.contains("Quota"));
        if quota { StorageError::Full } else { StorageError::Unavailable }
    })?;
    match storage.get_item(&k) {
        Ok(Some(v)) if v == value => Ok(()),
        _ => Err(StorageError::Unavailable),
    }
}

pub fn remove(name: &str) -> Result<(), StorageError> {
    local()?.remove_item(&key(name)).map_err(|_| StorageError::Unavailable)
}
