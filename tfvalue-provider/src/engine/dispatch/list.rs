//! The RPCs of list resources (`engine/list.rs` runs each listing).

use super::{not_registered, Dispatch, Registered};
use crate::author::provider::Provider;
use crate::engine::list::ErasedList;
use crate::protocol::messages::{
    ListResourceRequest, ListResourceResponse, ValidateListResourceConfigRequest,
    ValidateListResourceConfigResponse,
};

impl<P: Provider> Dispatch<P> {
    pub(crate) async fn validate_list_resource_config(
        &self,
        request: ValidateListResourceConfigRequest,
    ) -> ValidateListResourceConfigResponse {
        let lists = &self.registry.lists;
        self.on_type(lists, "list resource", request, |list, request| {
            list.validate(self.context(Vec::new()), request)
        })
        .await
    }

    /// Starts the listing, whose objects stream to Terraform as they are found; an unknown
    /// type or a configuration that does not decode is answered at once.
    pub(crate) fn list_resource(&self, request: ListResourceRequest) -> ListResourceResponse {
        let Some(list) = self.registry.lists.get(&request.type_name).cloned() else {
            return not_registered(request, "list resource type");
        };
        list.start(self.context(Vec::new()), request)
    }
}

impl<D> Registered for dyn ErasedList<D> {
    fn schema(&self) -> &'static tfvalue::schema::Schema {
        ErasedList::schema(self)
    }
}
