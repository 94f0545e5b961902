//! The port every document is stored through (`Keys`: named texts, as localStorage keeps
//! them), its one error, and the localStorage adapter (`Local`, on web-sys): every key
//! namespaced, every write read back, and each failure told apart (storage unavailable, quota
//! exhausted) instead of thrown.

use gloo_utils::errors::JsError;

/// Named text values (names without the app's namespace). Natively, tests pass a map.
pub trait Keys {
    fn get(&self, name: &str) -> Result<Option<String>, StorageError>;
    /// Store the text; a write that did not stick is an error.
    fn set(&mut self, name: &str, value: &str) -> Result<(), StorageError>;
    fn remove(&mut self, name: &str) -> Result<(), StorageError>;
    /// Every stored name that starts with `prefix`.
    fn names(&self, prefix: &str) -> Result<Vec<String>, StorageError>;
}

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
    /// A newer app wrote the key (its schema version): a save stops rather than write over it.
    Newer(u32),
}

impl StorageError {
    pub fn message(&self) -> &'static str {
        match self {
            StorageError::Unavailable => "浏览器禁止本站使用本地存储：记录只保存在本页内存中，离开或刷新本页后就会丢失。",
            StorageError::Full => {
                "本地存储已满，最近的改动未能保存，只暂存在本页内存中，关闭或刷新本页就会丢失。请先导出备份（备份包含这些改动），再清理其他网站的数据腾出空间；\
                 清理本站数据会删掉已保存的记录。"
            }
            StorageError::Newer(_) => "更新版本的学习台写入了这部分记录：本页不再保存它，以免覆盖。",
        }
    }
}

/// The browser's localStorage, asked for without throwing: the getter itself throws
/// SecurityError when the browser refuses storage (gloo's `LocalStorage::raw()` would too).
fn storage() -> Result<web_sys::Storage, StorageError> {
    let window = web_sys::window().ok_or(StorageError::Unavailable)?;
    window.local_storage().ok().flatten().ok_or(StorageError::Unavailable)
}

/// This site's localStorage.
pub struct Local;

impl Keys for Local {
    fn get(&self, name: &str) -> Result<Option<String>, StorageError> {
        storage()?.get_item(&key(name)).map_err(|_| StorageError::Unavailable)
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), StorageError> {
        storage()?.set_item(&key(name), value).map_err(|e| {
            // A write refused for lack of room is `QuotaExceededError`; anything else, unavailable.
            match JsError::try_from(e) {
                Ok(js) if js.name.contains("Quota") => StorageError::Full,
                _ => StorageError::Unavailable,
            }
        })?;
        match self.get(name)? {
            Some(v) if v == value => Ok(()),
            _ => Err(StorageError::Unavailable),
        }
    }

    fn remove(&mut self, name: &str) -> Result<(), StorageError> {
        storage()?.remove_item(&key(name)).map_err(|_| StorageError::Unavailable)
    }

    fn names(&self, prefix: &str) -> Result<Vec<String>, StorageError> {
        let storage = storage()?;
        let count = storage.length().map_err(|_| StorageError::Unavailable)?;
        let namespaced = key(prefix);
        let names = (0..count).filter_map(|i| storage.key(i).ok().flatten());
        Ok(names
            .filter_map(|k| k.strip_prefix(&namespaced).map(|rest| format!("{prefix}{rest}")))
            .collect())
    }
}
