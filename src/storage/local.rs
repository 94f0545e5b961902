//! The localStorage adapter, on `gloo-storage`: every key namespaced, every write read back,
//! and each failure told apart (storage unavailable, quota exhausted) instead of thrown.

use gloo_storage::{LocalStorage, Storage};
use gloo_utils::errors::JsError;

/// Prefix of every key this app writes.
pub const NAMESPACE: &str = "fencing-study";

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
            StorageError::Unavailable => "浏览器禁止本站使用本地存储：记录只保存在本页内存中，离开或刷新本页后就会丢失。",
            StorageError::Full => "本地存储已满，未能保存：记录暂存在本页内存中，请导出备份或清理站点数据。",
        }
    }
}

/// gloo's `LocalStorage::raw()` throws when the browser refuses storage (the getter itself
/// can throw SecurityError): ask first, without throwing.
fn storage() -> Result<web_sys::Storage, StorageError> {
    let window = web_sys::window().ok_or(StorageError::Unavailable)?;
    window.local_storage().ok().flatten().ok_or(StorageError::Unavailable)?;
    Ok(LocalStorage::raw())
}

/// A write refused for lack of room is `QuotaExceededError`; anything else means unavailable.
fn failure(error_name: Option<String>) -> StorageError {
    if error_name.is_some_and(|n| n.contains("Quota")) {
        StorageError::Full
    } else {
        StorageError::Unavailable
    }
}

/// The stored text under `name`, as it is (a document may need migrating or quarantining).
pub fn read_raw(name: &str) -> Result<Option<String>, StorageError> {
    storage()?.get_item(&key(name)).map_err(|_| StorageError::Unavailable)
}

/// Store text as it is (a quarantined document, the theme word), read back likewise.
pub fn write_raw(name: &str, value: &str) -> Result<(), StorageError> {
    storage()?.set_item(&key(name), value).map_err(|e| failure(JsError::try_from(e).ok().map(|js| js.name)))?;
    match read_raw(name)? {
        Some(v) if v == value => Ok(()),
        _ => Err(StorageError::Unavailable),
    }
}

pub fn remove(name: &str) -> Result<(), StorageError> {
    storage()?;
    LocalStorage::delete(key(name));
    Ok(())
}

/// This site's localStorage, as the document's layout reads and writes it.
pub struct Local;

impl super::layout::Keys for Local {
    fn get(&self, name: &str) -> Result<Option<String>, StorageError> {
        read_raw(name)
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), StorageError> {
        write_raw(name, value)
    }

    fn remove(&mut self, name: &str) -> Result<(), StorageError> {
        remove(name)
    }

    fn names(&self, prefix: &str) -> Result<Vec<String>, StorageError> {
        let storage = storage()?;
        let count = storage.length().map_err(|_| StorageError::Unavailable)?;
        let namespaced = key(prefix);
        let names = (0..count).filter_map(|i| storage.key(i).ok().flatten());
        Ok(names.filter_map(|k| k.strip_prefix(&namespaced).map(|rest| format!("{prefix}{rest}"))).collect())
    }
}
